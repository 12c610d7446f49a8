import { IntentLink } from '@/components/intent-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { AutoRefresh } from '@/components/auto-refresh';
import { canPerform } from '@/lib/auth/permissions';
import type { SessionUser } from '@/lib/auth/session';
import { exportHref } from '@/lib/conversations/search-params';
import { conversationThread, THREAD_PAGE_SIZE } from '@/lib/conversations/thread';
import { purgedConversation } from '@/lib/retention/history-span';
import { robotNamesById } from '@/lib/robots/robots';
import { LocalTime } from '@/components/ui/local-time';
import { OperatorTools } from './operator-tools';
import { ThreadView } from './thread-view';

const threadHref = (conversationId: string, page: number) =>
  `/conversations?conversation=${encodeURIComponent(conversationId)}${page > 1 ? `&page=${page}` : ''}`;

/** One conversation's thread, its latest events first; older pages reach back to its first event. */
export async function ConversationDetail({ user, conversationId, page }: { user: SessionUser; conversationId: string; page: number }) {
  const thread = await conversationThread(conversationId, { page });
  if (thread.totalEvents === 0) {
    const purged = await purgedConversation(conversationId);
    if (purged) return <RemovedUnderRetention conversationId={conversationId} {...purged} />;
  }
  const names = await robotNamesById([thread.robotId]);
  const robotName = thread.robotId ? (names.get(thread.robotId) ?? thread.robotId) : 'the robot';
  const first = (thread.page - 1) * THREAD_PAGE_SIZE;
  return (
    <>
      {/* This view refreshes itself, so its links are IntentLinks: a plain Link would prefetch again on every refresh. */}
      {thread.page === 1 && <AutoRefresh everyMs={5000} />}
      <Breadcrumb conversationId={conversationId} />
      <PageHeader
        title={`Conversation with ${thread.externalId ? `customer ${thread.externalId}` : 'a customer'}`}
        description={
          <>
            <span
              data-testid="conversation-status"
              className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${thread.status === 'closed' ? 'bg-slate-200 text-slate-800' : 'bg-emerald-100 text-emerald-900'}`}
            >
              {thread.status === 'closed' ? 'Closed' : 'Open'}
            </span>
            {thread.robotId ? (
              <>
                Robot{' '}
                <IntentLink className="text-brand-700 underline" href={`/robots/${encodeURIComponent(thread.robotId)}`}>
                  {robotName}
                </IntentLink>{' '}
                ·{' '}
                <IntentLink
                  className="text-brand-700 underline"
                  href={`/webhooks/events?conversation=${encodeURIComponent(conversationId)}`}
                >
                  its events
                </IntentLink>{' '}
                ·{' '}
              </>
            ) : null}
            <code className="font-mono text-xs">{conversationId}</code>. New messages appear by themselves.
          </>
        }
      />
      {canPerform(user.role, 'change') ? (
        <div className="mb-6">
          <OperatorTools conversationId={conversationId} closed={thread.status === 'closed'} />
        </div>
      ) : (
        <p className="mb-6 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Only an admin can show the typing indicator or upload attachments.
        </p>
      )}
      <h2 className="mb-3 text-lg font-semibold">Thread</h2>
      {canPerform(user.role, 'change') && thread.totalEvents > 0 && (
        <p className="mb-3 text-sm">
          Keep a copy before retention removes it: export every event as{' '}
          <a href={exportHref({ conversation: conversationId }, 'csv')} className="text-brand-700 underline">
            CSV
          </a>{' '}
          or{' '}
          <a href={exportHref({ conversation: conversationId }, 'json')} className="text-brand-700 underline">
            JSON
          </a>
          .
        </p>
      )}
      {thread.entries.length === 0 ? (
        <EmptyState title="No events received for this conversation">
          Its events may not have been delivered to this dashboard yet.
        </EmptyState>
      ) : (
        <>
          {thread.pages > 1 && (
            <p className="mb-2 text-sm text-slate-700" data-testid="thread-range">
              Events {thread.totalEvents - first - thread.entries.length + 1}–{thread.totalEvents - first} of {thread.totalEvents}
              {thread.page === 1 ? ' (the latest)' : thread.page === thread.pages ? ' (the first)' : ''}, oldest first.
            </p>
          )}
          <ThreadView entries={thread.entries} robotName={robotName} />
          <PaginationNav
            page={thread.page}
            totalPages={thread.pages}
            hrefFor={(p) => threadHref(conversationId, p)}
            label="Thread pages, latest first"
          />
        </>
      )}
    </>
  );
}

function Breadcrumb({ conversationId }: { conversationId: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <IntentLink href="/conversations" className="text-brand-700 underline">
        Conversations
      </IntentLink>{' '}
      / {conversationId}
    </nav>
  );
}

/** A link to a conversation whose whole history outlived the retention: said plainly, not a bare "not found". */
function RemovedUnderRetention({ conversationId, purgedAt, horizon }: { conversationId: string; purgedAt: string; horizon: string }) {
  return (
    <>
      <Breadcrumb conversationId={conversationId} />
      <PageHeader title="Conversation removed under retention" />
      <EmptyState title="Its history was older than the retention keeps">
        Every event of <code className="font-mono">{conversationId}</code> happened before <LocalTime iso={horizon} />, the oldest instant
        the plan&apos;s retention keeps, so the service no longer has it and this dashboard removed its own copy on{' '}
        <LocalTime iso={purgedAt} />. An export made before then is the only copy left.
      </EmptyState>
    </>
  );
}
