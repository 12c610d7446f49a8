import { Card, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { budgetState, CALL_PURPOSES, callHistory, type CallPurpose } from '@/lib/connection/budget';

const PURPOSE_LABEL: Record<CallPurpose, string> = { page: 'Pages', change: 'Changes', sync: 'Background sync', export: 'Exports' };
const PURPOSE_COLOUR: Record<CallPurpose, string> = {
  page: 'bg-brand-600',
  change: 'bg-amber-500',
  sync: 'bg-emerald-600',
  export: 'bg-violet-600',
};
const LIMIT_SOURCE = {
  configured: 'set by PARTNER_RATE_LIMIT_PER_MINUTE',
  learned: 'as the API reports it',
  default: 'the contract’s default until the API reports it',
} as const;

/** How much of the account's call budget this dashboard spends, by purpose: the last minute, the last hour, and each minute of it. */
export async function CallBudgetPanel() {
  const state = await budgetState();
  const history = await callHistory();
  const peak = Math.max(state.allowance, ...history.perMinute.map((m) => CALL_PURPOSES.reduce((n, p) => n + m.counts[p], 0)));
  return (
    <Card as="section" padding="lg" aria-labelledby="budget-heading" className="mt-6 max-w-2xl" data-testid="call-budget">
      <CardTitle id="budget-heading">Calls to the API</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        The account may make {state.limit} calls a minute ({LIMIT_SOURCE[state.limitSource]}), shared with your production integration. This
        dashboard uses at most {state.sharePercent} % of them ({state.allowance} a minute; background sync at most {state.syncAllowance})
        and serves what it already has when that is spent. Set DASHBOARD_CALL_SHARE_PERCENT to change the share.
      </p>
      <Table framed={false} stacked={false} className="mt-4">
        <TableCaption>Calls by purpose</TableCaption>
        <TableHeader tinted={false}>
          <tr>
            <TableHead density="compact">Purpose</TableHead>
            <TableHead density="compact" numeric>
              Last minute
            </TableHead>
            <TableHead density="compact" numeric>
              Last hour
            </TableHead>
          </tr>
        </TableHeader>
        <TableBody>
          {CALL_PURPOSES.map((purpose) => (
            <TableRow key={purpose} data-testid={`calls-${purpose}`}>
              <TableHead scope="row" density="compact" plain>
                <span className={`mr-2 inline-block h-2.5 w-2.5 rounded-sm ${PURPOSE_COLOUR[purpose]}`} aria-hidden />
                {PURPOSE_LABEL[purpose]}
              </TableHead>
              <TableCell density="compact" numeric>
                {history.lastMinute[purpose]}
              </TableCell>
              <TableCell density="compact" numeric>
                {history.lastHour[purpose]}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <figure className="mt-4">
        <figcaption className="text-xs text-slate-500">
          Calls per minute over the last hour (oldest left); the line is the dashboard&apos;s share.
        </figcaption>
        <div
          className="relative mt-2 flex h-24 items-end gap-px border-b border-slate-300"
          role="img"
          aria-label={`Calls per minute over the last hour; ${history.lastMinute.page + history.lastMinute.change + history.lastMinute.sync + history.lastMinute.export} in the last minute`}
        >
          <div
            className="absolute inset-x-0 border-t border-dashed border-red-400"
            style={{ bottom: `${(state.allowance / peak) * 100}%` }}
            aria-hidden
          />
          {history.perMinute.map((minute) => (
            <div key={minute.minutesAgo} className="flex h-full flex-1 flex-col-reverse">
              {CALL_PURPOSES.map((purpose) =>
                minute.counts[purpose] > 0 ? (
                  <div key={purpose} className={PURPOSE_COLOUR[purpose]} style={{ height: `${(minute.counts[purpose] / peak) * 100}%` }} />
                ) : null,
              )}
            </div>
          ))}
        </div>
      </figure>
    </Card>
  );
}
