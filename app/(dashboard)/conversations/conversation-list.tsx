import Link from 'next/link';
import { HistorySpanNote } from '@/components/history-span-note';
import { historySpan } from '@/lib/retention/history-span';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/form-fields';
import { LocalTime } from '@/components/ui/local-time';
import { PageHeader } from '@/components/ui/page-header';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { searchConversations } from '@/lib/conversations/search';
import { exportHref, searchHref, type ParsedSearch } from '@/lib/conversations/search-params';
import { robotNamesById } from '@/lib/robots/robots';

const BUTTON = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100';

/**
 * Every conversation the receiver heard of, searchable by customer, robot, days and what was said,
 * most recently matching first, a page at a time.
 */
export async function ConversationList({
  parsed,
  notAnId,
  mayChange,
}: {
  parsed: ParsedSearch;
  notAnId?: string | undefined;
  mayChange: boolean;
}) {
  const { search, typed, problems } = parsed;
  const found = await searchConversations(search, parsed.page);
  const names = await robotNamesById([search.robotId ?? null, ...found.conversations.map((c) => c.robotId)]);
  const filtered = Object.values(search).some(Boolean);
  return (
    <>
      <PageHeader
        title="Conversations"
        description={
          search.robotId ? (
            <>
              Conversations of robot{' '}
              <Link className="text-brand-700 underline" href={`/robots/${encodeURIComponent(search.robotId)}`}>
                {names.get(search.robotId) ?? search.robotId}
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
      <HistorySpanNote span={await historySpan(search.robotId)} mayChange={mayChange} />
      {notAnId && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          “{notAnId.slice(0, 40)}” is not a conversation id; showing the list.
        </p>
      )}
      <div className="mb-4 flex flex-col gap-4">
        <form
          method="get"
          action="/conversations"
          role="search"
          aria-label="Open a conversation"
          className="flex flex-wrap items-end gap-2"
        >
          <TextField
            id="open-conversation"
            name="conversation"
            label="Open a conversation by id"
            placeholder="conv_…"
            className="w-64 font-mono text-sm"
          />
          <button type="submit" className={BUTTON}>
            Open
          </button>
        </form>
        <form
          method="get"
          action="/conversations"
          role="search"
          aria-label="Search conversations"
          className="flex flex-wrap items-end gap-3"
        >
          <TextField
            id="search-text"
            name="q"
            label="Text of a message"
            defaultValue={typed.q}
            error={problems.q}
            className="w-56 text-sm"
          />
          <TextField
            id="search-customer"
            name="customer"
            label="Customer (external id)"
            defaultValue={typed.customer}
            error={problems.customer}
            className="w-44 text-sm"
          />
          <TextField
            id="search-robot"
            name="robot"
            label="Robot id"
            defaultValue={typed.robot}
            error={problems.robot}
            className="w-44 font-mono text-sm"
          />
          <TextField
            id="search-from"
            name="from"
            type="date"
            label="From (UTC)"
            defaultValue={typed.from}
            error={problems.from}
            className="text-sm"
          />
          <TextField
            id="search-to"
            name="to"
            type="date"
            label="To (UTC, included)"
            defaultValue={typed.to}
            error={problems.to}
            className="text-sm"
          />
          <button type="submit" className={BUTTON}>
            Search
          </button>
          {filtered && (
            <Link href="/conversations" className="py-2 text-sm text-brand-700 underline">
              Clear
            </Link>
          )}
        </form>
      </div>
      <div className="mb-2 flex flex-wrap gap-x-2 text-sm text-slate-700">
        <p role="status" data-testid="search-count">
          {found.total === 1 ? '1 conversation' : `${found.total.toLocaleString('en-GB')} conversations`}
          {filtered ? (found.total === 1 ? ' matches' : ' match') : ''}
          {found.pages > 1 ? ` · page ${found.page} of ${found.pages}` : ''}.
        </p>
        {mayChange && found.total > 0 && (
          <p>
            Export {found.total === 1 ? 'it' : `all ${found.total.toLocaleString('en-GB')}`} with every event:{' '}
            <a href={exportHref(typed, 'csv')} className="text-brand-700 underline" data-testid="export-csv">
              CSV
            </a>{' '}
            ·{' '}
            <a href={exportHref(typed, 'json')} className="text-brand-700 underline" data-testid="export-json">
              JSON
            </a>
          </p>
        )}
      </div>
      {found.conversations.length === 0 ? (
        filtered ? (
          <EmptyState title="No conversation matches">Try fewer filters or a wider range of days.</EmptyState>
        ) : (
          <EmptyState title="No conversations yet">
            They appear when the service delivers chat and message events to this dashboard.
          </EmptyState>
        )
      ) : (
        <Card as="ul" padding="none" className="divide-y divide-slate-100" data-testid="conversation-results">
          {found.conversations.map((c) => (
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
      <PaginationNav page={found.page} totalPages={found.pages} hrefFor={(p) => searchHref(typed, p)} label="Conversation pages" />
    </>
  );
}
