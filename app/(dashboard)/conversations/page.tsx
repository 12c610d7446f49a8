import type { Metadata } from 'next';
import Link from 'next/link';
import { IntentLink } from '@/components/intent-link';
import { EmptyState } from '@/components/ui/empty-state';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { canPerform } from '@/lib/auth/permissions';
import { requireSessionUser } from '@/lib/auth/session';
import { recentConversations } from '@/lib/inbound-events/event-store';
import { AutoRefresh } from '@/components/auto-refresh';
import { conversationThread } from '@/lib/conversations/thread';
import { robotNamesById } from '@/lib/robots/robots';
import { OperatorTools } from './operator-tools';
import { ThreadView } from './thread-view';
import { SAFE_ID, firstParam, type SearchParams } from '@/lib/ui/search-params';
import { LocalTime } from '@/components/ui/local-time';

export const metadata: Metadata = { title: 'Conversations' };
export const dynamic = 'force-dynamic';

/**
 * The API cannot read conversations back (only the 20 latest messages of a social-DM one), so this
 * section shows what our webhook receiver recorded.
 */
export default async function ConversationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requireSessionUser();
  const query = await searchParams;
  const requested = firstParam(query.conversation);
  const robotParam = firstParam(query.robot);
  const robotFilter = robotParam && SAFE_ID.test(robotParam) ? robotParam : undefined;
  const conversationId = requested && SAFE_ID.test(requested) ? requested : undefined;

  if (conversationId) {
    const thread = await conversationThread(conversationId);
    const names = await robotNamesById([thread.robotId]);
    const robotName = thread.robotId ? (names.get(thread.robotId) ?? thread.robotId) : 'the robot';
    return (
      <>
        {/* This view refreshes itself, so its links are IntentLinks: a plain Link would prefetch again on every refresh. */}
        <AutoRefresh everyMs={5000} />
        <nav aria-label="Breadcrumb" className="mb-2 text-sm">
          <IntentLink href="/conversations" className="text-brand-700 underline">
            Conversations
          </IntentLink>{' '}
          / {conversationId}
        </nav>
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
        {thread.entries.length === 0 ? (
          <EmptyState title="No events received for this conversation">
            Its events may not have been delivered to this dashboard yet.
          </EmptyState>
        ) : (
          <ThreadView entries={thread.entries} robotName={robotName} />
        )}
      </>
    );
  }

  const conversations = await recentConversations(100, robotFilter);
  const names = await robotNamesById([robotFilter ?? null, ...conversations.map((c) => c.robotId)]);
  return (
    <>
      <PageHeader
        title="Conversations"
        description={
          robotFilter ? (
            <>
              Conversations of robot{' '}
              <Link className="text-brand-700 underline" href={`/robots/${encodeURIComponent(robotFilter)}`}>
                {names.get(robotFilter) ?? robotFilter}
              </Link>
              , most recently active first.{' '}
              <Link className="text-brand-700 underline" href="/conversations">
                Show every robot&apos;s
              </Link>
            </>
          ) : (
            'Conversations this dashboard heard about through webhook events, most recently active first.'
          )
        }
      />
      {requested && !conversationId && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          “{requested.slice(0, 40)}” is not a conversation id; showing the list.
        </p>
      )}
      <form method="get" action="/conversations" role="search" className="mb-4 flex items-end gap-2">
        <div>
          <label htmlFor="open-conversation" className="block text-sm font-medium">
            Open a conversation by id
          </label>
          <input
            id="open-conversation"
            name="conversation"
            placeholder="conv_…"
            className="mt-1 w-64 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
          />
        </div>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100">
          Open
        </button>
      </form>
      {conversations.length === 0 ? (
        <EmptyState title="No conversations yet">
          They appear when the service delivers chat and message events to this dashboard.
        </EmptyState>
      ) : (
        <Card as="ul" padding="none" className="divide-y divide-slate-100">
          {conversations.map((c) => (
            <li key={c.conversationId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <Link
                href={`/conversations?conversation=${encodeURIComponent(c.conversationId)}`}
                className="font-mono text-brand-700 underline"
              >
                {c.conversationId}
              </Link>
              <span className="text-slate-600">
                {c.robotId ? `${names.get(c.robotId) ?? c.robotId} · ` : ''}
                {c.externalId ? `customer ${c.externalId}` : 'no customer id'} · {c.events} event{c.events === 1 ? '' : 's'} · last{' '}
                {c.lastType} <LocalTime iso={c.lastAt} />
              </span>
            </li>
          ))}
        </Card>
      )}
    </>
  );
}
