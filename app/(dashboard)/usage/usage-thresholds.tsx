import { Card, CardHeader } from '@/components/ui/card';
import { requireSessionUser } from '@/lib/auth/session';
import { canPerform } from '@/lib/auth/permissions';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { dayOf } from '@/lib/usage-series/days';
import { thresholdWho } from '@/lib/usage-series/scope';
import { thresholdStandings, type ThresholdStanding } from '@/lib/usage-series/thresholds';
import { RemoveThresholdButton, SetThresholdForm } from './threshold-forms';

const count = new Intl.NumberFormat('en-GB');

function Mark({ standing }: { standing: ThresholdStanding }) {
  if (standing.over) return <span className="font-semibold text-red-700">Over the threshold</span>;
  if (standing.forecastOver) return <span className="font-semibold text-amber-700">Forecast to pass it by the month’s end</span>;
  return <span className="text-emerald-800">Within it</span>;
}

/** Monthly units thresholds: where each stands this UTC month, with the linear forecast from the third day on. */
export async function UsageThresholds() {
  const user = await requireSessionUser();
  const standings = await thresholdStandings(dayOf(await serviceClockNow()));
  const mayChange = canPerform(user.role, 'change');
  return (
    <Card as="section" padding="md" aria-labelledby="usage-thresholds-heading" className="mb-6" data-testid="usage-thresholds">
      <CardHeader
        id="usage-thresholds-heading"
        title="Monthly thresholds"
        description="Units a month you sell the account, a robot or a customer. Month to date counts the closed days read (UTC); the forecast is month to date ÷ days elapsed × days in the month, from the third day on."
      />
      {standings.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">None set.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {standings.map((t) => (
            <li
              key={t.id}
              className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm"
              data-testid="usage-threshold"
              data-mark={t.over ? 'over' : t.forecastOver ? 'forecast' : 'within'}
            >
              <div>
                <p className="font-medium">
                  {thresholdWho(t)}: {count.format(t.monthlyUnits)} units a month
                </p>
                <p>
                  <Mark standing={t} />. {count.format(t.monthToDate)} units so far ({Math.round((t.monthToDate / t.monthlyUnits) * 100)} %,{' '}
                  {t.daysElapsed} of {t.daysInMonth} days read);{' '}
                  {t.forecast === null ? 'no forecast before the third day' : `forecast ${count.format(t.forecast)} by the month’s end`}.
                </p>
              </div>
              {mayChange && <RemoveThresholdButton id={t.id} what={thresholdWho(t)} />}
            </li>
          ))}
        </ul>
      )}
      {mayChange ? <SetThresholdForm /> : <p className="mt-3 text-sm text-slate-600">Only an admin can set thresholds.</p>}
    </Card>
  );
}
