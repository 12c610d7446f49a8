import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { canPerform } from '@/lib/auth/permissions';
import { requireSessionUser } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/ui/format';
import { listWebhookEvents, recentConversations } from '@/lib/webhooks/event-store';
import { OperatorTools } from './operator-tools';
import { SAFE_ID, type SearchParams } from '@/lib/ui/search-params';

export const metadata: Metadata = { title: 'Conversations' };
export const dynamic = 'force-dynamic';


const payloadSchema = z.looseObject({
  data: z
    .looseObject({
      text: z.string().optional(),
      message: z.looseObject({ text: z.string().optional(), role: z.string().optional() }).optional(),
    })
    .nullish(),
});

/** The message text, wherever a service puts it (`data.message.text` here, `data.text` tolerated). */
function textOf(payload: string): string | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return null;
    return parsed.data.data?.message?.text ?? parsed.data.data?.text ?? null;
  } catch {
    // The receiver stored it verbatim; an unreadable payload just shows no text.
    return null;
  }
}

/**
 * The API cannot read conversations back (only the 20 latest messages of a social-DM one), so this
 * section shows what our webhook receiver recorded.
 */
export default async function ConversationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireSessionUser();
  const raw = (await searchParams).conversation;
  const requested = Array.isArray(raw) ? raw[0] : raw;
  const conversationId = requested && SAFE_ID.test(requested) ? requested : undefined;

  if (conversationId) {
    const { rows } = listWebhookEvents({ conversationId }, 200, 0);
    const timeline = [...rows].reverse();
    return (
      <>
        <nav aria-label="Breadcrumb" className="mb-2 text-sm"><Link href="/conversations" className="text-brand-700 underline">Conversations</Link> / {conversationId}</nav>
        <PageHeader title="Conversation" description={<>Conversation <code className="font-mono">{conversationId}</code>: operator tools, and the events our receiver got for it.</>} />
        {canPerform(user.role, 'change') ? (
          <div className="mb-6">
            <OperatorTools conversationId={conversationId} />
          </div>
        ) : (
          <p className="mb-6 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">Only an admin can show the typing indicator or upload attachments.</p>
        )}
        <h2 className="mb-3 text-lg font-semibold">Events, oldest first</h2>
        {timeline.length === 0 ? (
          <EmptyState title="No events received for this conversation">Its events may not have been delivered to this dashboard yet.</EmptyState>
        ) : (
          <ol className="space-y-2" data-testid="conversation-timeline">
            {timeline.map((e) => (
              <li key={e.webhookId} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="font-medium">{e.type} <span className="font-normal text-slate-500">· {formatDateTime(e.receivedAt)}</span></p>
                {textOf(e.payload) && <p className="mt-1 text-slate-700">“{textOf(e.payload)}”</p>}
              </li>
            ))}
          </ol>
        )}
      </>
    );
  }

  const conversations = recentConversations(100);
  return (
    <>
      <PageHeader title="Conversations" description="Conversations this dashboard heard about through webhook events, most recently active first." />
      {requested && !conversationId && <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">“{requested.slice(0, 40)}” is not a conversation id; showing the list.</p>}
      <form method="get" action="/conversations" role="search" className="mb-4 flex items-end gap-2">
        <div>
          <label htmlFor="open-conversation" className="block text-sm font-medium">Open a conversation by id</label>
          <input id="open-conversation" name="conversation" placeholder="conv_…" className="mt-1 w-64 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm" />
        </div>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">Open</button>
      </form>
      {conversations.length === 0 ? (
        <EmptyState title="No conversations yet">They appear when the service delivers chat and message events to this dashboard.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {conversations.map((c) => (
            <li key={c.conversationId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <Link href={`/conversations?conversation=${encodeURIComponent(c.conversationId)}`} className="font-mono text-brand-700 underline">{c.conversationId}</Link>
              <span className="text-slate-600">{c.externalId ?? 'no customer id'} · {c.events} event{c.events === 1 ? '' : 's'} · last {c.lastType} {formatDateTime(c.lastAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
