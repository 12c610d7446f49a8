import { LocalTime } from '@/components/ui/local-time';
import type { CallBudgetSpentError } from '@/lib/connection/budget-error';
import { refreshDirectoryAction } from './actions';

/** How fresh the robot directory is, with "refresh now"; and, when the call budget is spent, that nothing new was read. */
export function DirectoryFreshness({
  checkedAt,
  sweptAt,
  budgetSpent,
  mayRefresh,
}: {
  checkedAt: string | null;
  sweptAt: string | null;
  budgetSpent?: Pick<CallBudgetSpentError, 'allowance' | 'limit' | 'retryInSeconds'>;
  mayRefresh: boolean;
}) {
  return (
    <div className="mb-4 space-y-2 text-sm">
      {budgetSpent && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-testid="budget-notice">
          Shown from the dashboard&apos;s robot directory: its share of the API budget ({budgetSpent.allowance} of the account&apos;s{' '}
          {budgetSpent.limit} calls a minute) is spent, so nothing new was read, leaving room for your production integration. Fresh figures
          in about {budgetSpent.retryInSeconds} s.
        </p>
      )}
      <form action={refreshDirectoryAction} className="flex flex-wrap items-center gap-2 text-slate-600" data-testid="directory-freshness">
        <span>
          Robot list checked <LocalTime iso={checkedAt} unknown="not yet" />
          {sweptAt ? (
            <>
              {' '}
              · fully read <LocalTime iso={sweptAt} />
            </>
          ) : (
            ' · being read in full for the first time'
          )}
          .
        </span>
        {mayRefresh && (
          <button
            type="submit"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 font-medium text-slate-800 hover:bg-slate-100"
          >
            Refresh now
          </button>
        )}
      </form>
    </div>
  );
}
