import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { budgetState } from '@/lib/connection/budget';

/** The dashboard's share of the account's calls, as the last minute spent it. */
export async function BudgetCard() {
  const state = await budgetState();
  const used = Math.round((state.usedLastMinute / state.allowance) * 100);
  return (
    <Card as="section" aria-labelledby="overview-budget" data-testid="overview-budget">
      <CardHeader
        id="overview-budget"
        size="md"
        title={
          <Link href="/settings" className="hover:underline">
            Call budget
          </Link>
        }
        description={`The dashboard allows itself ${state.allowance} of the account's ${state.limit} calls a minute (${state.sharePercent} %), half of it for background work.`}
      />
      <p
        className={`mt-3 text-sm font-medium ${used >= 90 ? 'text-red-700' : used >= 60 ? 'text-amber-700' : ''}`}
        data-testid="budget-used"
      >
        {state.usedLastMinute} of {state.allowance} used in the last minute ({used} %).
      </p>
    </Card>
  );
}
