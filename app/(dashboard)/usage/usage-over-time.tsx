import { TimeSeriesChart, type TimePoint } from '@/components/charts/time-series-chart';
import { Card, CardHeader } from '@/components/ui/card';
import type { SeriesScope } from '@/lib/usage-series/scope-rows';
import { usageSeries } from '@/lib/usage-series/series';
import { SeriesTable } from './series-table';

function scopeWords(scope: SeriesScope): string {
  if (scope.kind === 'robot') return `robot ${scope.robotId}`;
  if (scope.kind === 'customer') return `customer ${scope.externalId}`;
  return 'the whole account';
}

/**
 * Messages by role and units per UTC day, with the window before drawn faintly. Closed days come
 * from the dashboard's store (each read once, in the background); days not closed yet are counted
 * from the events our receiver stored, and closed days not read yet are drawn as gaps, not zeros.
 */
export async function UsageOverTime({
  scope,
  fromDay,
  toDay,
  csvHref,
}: {
  scope: SeriesScope;
  fromDay: string;
  toDay: string;
  /** The same series as CSV, row for row. */
  csvHref: string;
}) {
  const series = await usageSeries(scope, fromDay, toDay);
  const points: TimePoint[] = series.points.map((p, i) => {
    const before = series.previous[i];
    return {
      t: `${p.day}T00:00:00.000Z`,
      client: p.client,
      ai: p.ai,
      operator: p.operator,
      units: p.units,
      previousMessages: before?.messages ?? null,
      previousUnits: before?.units ?? null,
    };
  });
  const missing = series.closedDays - series.readDays;
  const provisional = series.points.filter((p) => p.state === 'provisional').length;
  return (
    <section aria-labelledby="usage-over-time-heading" className="mb-6 space-y-4" data-testid="usage-over-time">
      <Card padding="md">
        <CardHeader
          id="usage-over-time-heading"
          title="Usage over time"
          description={`Per UTC day for ${scopeWords(scope)}, with the ${series.points.length} days before drawn faintly for comparison.`}
        />
        <p className="mt-2 text-sm text-slate-700" data-testid="series-progress">
          {missing === 0
            ? `Every closed day of both windows is read (${series.readDays}).`
            : `${series.readDays} of ${series.closedDays} closed days read; ${missing} still to read in the background, newest first (drawn as gaps until then).`}
          {provisional > 0 &&
            ` ${provisional === 1 ? 'The last day is' : `The last ${provisional} days are`} provisional: counted from the events our receiver stored, units once the day closes (2 h after it ends).`}
        </p>
        <p className="mt-2 text-sm">
          <a href={csvHref} className="text-brand-700 underline" data-testid="daily-csv">
            Download the daily figures (CSV)
          </a>
        </p>
      </Card>
      <div className="grid gap-4 xl:grid-cols-2">
        <TimeSeriesChart
          title="Messages per day by role"
          description="Client, AI and operator messages; the dashed line is the window before, all roles together."
          summary="Messages per day by role, and the span of days before; the table below gives each day's figures."
          points={points}
          series={[
            { key: 'client', name: 'Client', colour: '#1d4ed8' },
            { key: 'ai', name: 'AI', colour: '#047857' },
            { key: 'operator', name: 'Operator', colour: '#b45309' },
            { key: 'previousMessages', name: 'All roles, window before', colour: '#475569', faint: true },
          ]}
        />
        <TimeSeriesChart
          title="Units per day"
          description="What billing reconciles against (2 per message on the enhanced model); the dashed line is the window before."
          summary="Units per day, and the span of days before; the table below gives each day's figures."
          points={points}
          series={[
            { key: 'units', name: 'Units', colour: '#7c3aed' },
            { key: 'previousUnits', name: 'Units, window before', colour: '#475569', faint: true },
          ]}
        />
      </div>
      <SeriesTable points={series.points} />
    </section>
  );
}
