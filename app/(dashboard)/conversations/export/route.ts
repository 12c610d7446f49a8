import { accessRefusalResponse } from '@/app/_errors/access';
import { recordAudit } from '@/lib/audit/record';
import { authorise } from '@/lib/auth/session';
import { exportStream, retentionStatement, type ExportFormat } from '@/lib/conversations/export';
import { matchingConversationIds } from '@/lib/conversations/search';
import { parseConversationSearch } from '@/lib/conversations/search-params';
import { conversationEventCount } from '@/lib/inbound-events/event-store';
import { historySpan } from '@/lib/retention/history-span';
import { SAFE_ID } from '@/lib/ui/search-params';

/** More than this in one file is refused with how to narrow it: a window is exported in parts. */
const MAX_CONVERSATIONS = 50_000;

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** What the audit log names: the conversation, or the search. */
function exportTarget(request: Request): string {
  const conversation = new URL(request.url).searchParams.get('conversation');
  return conversation ? `conversation:${conversation.slice(0, 100)}` : 'conversations:search';
}

/**
 * One conversation (`?conversation=`), or every conversation a search finds (the list's filters), as
 * CSV or JSON, for admins: history can be kept before retention removes it. Audited; read from the
 * store, no API call.
 */
export async function GET(request: Request): Promise<Response> {
  const access = await authorise('change', 'conversation.export', exportTarget(request));
  if (!access.ok) return accessRefusalResponse(access);
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  const conversation = url.searchParams.get('conversation');
  const target = exportTarget(request);
  const format = url.searchParams.get('format');
  if (format !== 'csv' && format !== 'json') return plain(400, 'Choose format=csv or format=json.');
  let ids: string[];
  let filters: Record<string, string>;
  if (conversation !== null) {
    if (!SAFE_ID.test(conversation)) return plain(400, 'A conversation id has letters, digits, _ and - only.');
    if ((await conversationEventCount(conversation)) === 0) return plain(404, `No event of ${conversation} is stored here.`);
    ids = [conversation];
    filters = { conversation };
  } else {
    const parsed = parseConversationSearch(query);
    const problem = Object.values(parsed.problems)[0];
    if (problem) return plain(400, problem);
    ids = await matchingConversationIds(parsed.search, MAX_CONVERSATIONS + 1);
    if (ids.length > MAX_CONVERSATIONS)
      return plain(
        413,
        `More than ${MAX_CONVERSATIONS.toLocaleString('en-GB')} conversations match: export a shorter range of days at a time.`,
      );
    filters = Object.fromEntries(Object.entries(parsed.typed).filter(([, value]) => value !== ''));
  }
  const retention = retentionStatement(await historySpan());
  const exportedAt = new Date().toISOString();
  await recordAudit({
    actor: access.user.email,
    action: 'conversation.export',
    target,
    outcome: 'ok',
    detail: `${ids.length} conversation${ids.length === 1 ? '' : 's'} as ${format.toUpperCase()}; ${retention.horizon ? `history from ${retention.horizon}` : retention.kept ? `kept ${retention.kept}` : 'retention not stated'}`,
  });
  const name = conversation ?? `conversations_${exportedAt.slice(0, 10)}`;
  return new Response(exportStream(ids, format satisfies ExportFormat, { exportedAt, filters, retention }), {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.${format}"`,
      'cache-control': 'no-store',
    },
  });
}
