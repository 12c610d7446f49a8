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
    <section
      aria-labelledby="budget-heading"
      className="mt-6 max-w-2xl rounded-lg border border-slate-200 bg-white p-6"
      data-testid="call-budget"
    >
      <h2 id="budget-heading" className="text-lg font-semibold">
        Calls to the API
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The account may make {state.limit} calls a minute ({LIMIT_SOURCE[state.limitSource]}), shared with your production integration. This
        dashboard uses at most {state.sharePercent} % of them ({state.allowance} a minute; background sync at most {state.syncAllowance})
        and serves what it already has when that is spent. Set DASHBOARD_CALL_SHARE_PERCENT to change the share.
      </p>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Calls by purpose</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Purpose
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Last minute
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Last hour
            </th>
          </tr>
        </thead>
        <tbody>
          {CALL_PURPOSES.map((purpose) => (
            <tr key={purpose} className="border-t border-slate-100" data-testid={`calls-${purpose}`}>
              <th scope="row" className="py-1 font-normal">
                <span className={`mr-2 inline-block h-2.5 w-2.5 rounded-sm ${PURPOSE_COLOUR[purpose]}`} aria-hidden />
                {PURPOSE_LABEL[purpose]}
              </th>
              <td className="py-1 text-right tabular-nums">{history.lastMinute[purpose]}</td>
              <td className="py-1 text-right tabular-nums">{history.lastHour[purpose]}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
    </section>
  );
}
