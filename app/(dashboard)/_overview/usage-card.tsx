import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { dayOf } from '@/lib/usage-series/days';
import { thresholdWho } from '@/lib/usage-series/scope';
import { changePercent, periodSpans, spanTotals, type SpanTotals } from '@/lib/usage-series/periods';
import { usageSeries } from '@/lib/usage-series/series';
import { thresholdStandings } from '@/lib/usage-series/thresholds';

const count = new Intl.NumberFormat('en-GB');

function Change({ now, before }: { now: number; before: number }) {
  const change = changePercent(now, before);
  if (change === null) return <span className="text-slate-500">nothing the span before</span>;
  const words = change === 0 ? 'same as' : `${change > 0 ? '+' : ''}${change} % on`;
  return <span className={change > 0 ? 'text-slate-700' : 'text-slate-500'}>{words} the span before</span>;
}

function caveat(t: SpanTotals): string | null {
  if (t.unread > 0) return `${t.unread} day${t.unread === 1 ? '' : 's'} not read yet`;
  if (t.provisional > 0) return 'today’s units once the day closes';
  return null;
}

/**
 * Messages and units today, this week and this month (UTC, by the service's clock), each against the
 * span before; from the dashboard's store (the closed days it read, today from our receiver's
 * events), so it costs no call.
 */
export async function UsageCard() {
  const today = dayOf(await serviceClockNow());
  const spans = periodSpans(today);
  const earliest = spans.map((s) => s.beforeFrom).sort()[0] ?? today;
  const [{ points, previous }, standings] = await Promise.all([
    usageSeries({ kind: 'account' }, earliest, today),
    thresholdStandings(today),
  ]);
  const marked = standings.filter((t) => t.over || t.forecastOver);
  const all = [...previous, ...points];
  return (
    <Card as="section" aria-labelledby="overview-usage" data-testid="overview-usage">
      <CardHeader
        id="overview-usage"
        size="md"
        title={
          <Link href="/usage" className="hover:underline">
            Usage
          </Link>
        }
        description="Messages and units by UTC day, against the span just before."
      />
      <dl className="mt-3 space-y-2 text-sm">
        {spans.map((span) => {
          const now = spanTotals(all, span.fromDay, span.toDay);
          const before = spanTotals(all, span.beforeFrom, span.beforeTo);
          const note = caveat(now);
          return (
            <div key={span.label} data-testid="usage-span">
              <dt className="font-medium">{span.label}</dt>
              <dd>
                {count.format(now.messages)} messages (<Change now={now.messages} before={before.messages} />
                ), {count.format(now.units)} units
                {note && <span className="text-slate-500"> ({note})</span>}
              </dd>
            </div>
          );
        })}
      </dl>
      {marked.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" data-testid="overview-thresholds">
          {marked.map((t) => (
            <li key={t.id} className={t.over ? 'text-red-700' : 'text-amber-800'}>
              {thresholdWho(t, true)}{' '}
              {t.over
                ? `is over its ${count.format(t.monthlyUnits)} units this month (${count.format(t.monthToDate)})`
                : `is forecast to pass its ${count.format(t.monthlyUnits)} units by the month’s end (forecast ${count.format(t.forecast ?? 0)})`}
              .
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
