import Link from 'next/link';
import { LocalTime } from '@/components/ui/local-time';
import { describeRetention } from '@/lib/retention/policy';
import type { HistorySpan } from '@/lib/retention/history-span';

/** How far back conversation history goes here and what goes next, said where conversations are read. */
export function HistorySpanNote({ span, mayChange }: { span: HistorySpan; mayChange: boolean }) {
  const { retention, horizon, oldest } = span;
  return (
    <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800" data-testid="history-span">
      {retention.state === 'unstated' ? (
        <>
          <strong>How far back history goes is not set.</strong> The API does not say the account&apos;s plan, so this dashboard keeps every
          conversation it received and removes none until an admin states the plan
          {mayChange ? (
            <>
              {' '}
              in{' '}
              <Link href="/settings#retention-heading" className="text-brand-700 underline">
                Settings
              </Link>
            </>
          ) : null}
          .
        </>
      ) : horizon === null ? (
        <>
          History is kept <strong>without a limit</strong>: Business on a social-DM plan, for which the contract lists no retention.
        </>
      ) : (
        <>
          History goes back to <LocalTime iso={horizon} /> ({describeRetention(retention.months)},{' '}
          {retention.ownMonths === null ? 'as the plan keeps it' : 'shorter than the plan’s, set in Settings'}).
          {oldest?.goesAt && (
            <>
              {' '}
              The oldest conversation kept,{' '}
              <Link
                href={`/conversations?conversation=${encodeURIComponent(oldest.conversationId)}`}
                className="font-mono text-brand-700 underline"
              >
                {oldest.conversationId}
              </Link>
              , starts losing its history on <LocalTime iso={oldest.goesAt} />: export what must be kept before then.
            </>
          )}
        </>
      )}
    </p>
  );
}
