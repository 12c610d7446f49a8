import { TimeSeriesChart, type TimePoint } from '@/components/charts/time-series-chart';
import { Card, CardHeader } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@/components/ui/table';
import type { HealthBucket } from '@/lib/webhook-health/figures';
import { formatRate } from '@/lib/ui/format';
import { serviceAheadMs } from '@/lib/connection/service-clock';
import { loadWebhookHealth } from '@/lib/webhook-health/view';
import { ReceiverRefusals } from './receiver-refusals';

const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);
const points = (buckets: HealthBucket[]): TimePoint[] =>
  buckets.map((b) => ({
    t: b.start,
    rate: b.successRate === null ? null : Math.round(b.successRate * 1000) / 10,
    p50: b.p50Ms,
    p95: b.p95Ms,
  }));

/** What the health view shows, read ahead of drawing it so the page can read it beside its other data. */
export function loadHealthSection() {
  return Promise.all([loadWebhookHealth(), serviceAheadMs()]);
}

/** Success rate and attempt durations over time, the failing streak, and what was never delivered. */
export async function HealthSection({ loading }: { loading: ReturnType<typeof loadHealthSection> }) {
  const [health, aheadMs] = await loading;
  const streak = health.state.streak;
  const hourly = points(health.figures.hourly);
  return (
    <section aria-labelledby="health" className="my-8 space-y-4" data-testid="webhook-health">
      <h2 id="health" className="text-lg font-semibold">
        Health
      </h2>
      <Card>
        {streak ? (
          <div data-testid="failing-streak">
            <CardHeader title={<span className="text-red-700">Your endpoint is failing</span>} size="md" />
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-slate-600">First failure</dt>
              <dd>
                <LocalTime iso={streak.since} aheadMs={aheadMs} />
              </dd>
              <dt className="text-slate-600">Failed attempts</dt>
              <dd>{streak.failedAttempts}</dd>
              <dt className="text-slate-600">Status codes</dt>
              <dd>{streak.statusCodes.length > 0 ? streak.statusCodes.map((code) => `HTTP ${code}`).join(', ') : 'no answer'}</dd>
              <dt className="text-slate-600">Last answer</dt>
              <dd className="break-all" data-testid="streak-last-answer">
                {streak.lastStatus === null ? 'no answer' : `HTTP ${streak.lastStatus}`}
                {streak.lastError && <>: {streak.lastError}</>}
                {streak.lastBody && (
                  <code className="mt-1 block max-h-32 overflow-auto rounded bg-slate-100 px-2 py-1 text-xs whitespace-pre-wrap">
                    {streak.lastBody}
                  </code>
                )}
              </dd>
            </dl>
          </div>
        ) : (
          <p className="text-sm text-emerald-700" data-testid="endpoint-healthy">
            Your endpoint is healthy: no failing streak under the rule (5 failed attempts in a row, or half of at least 10 in 15 minutes).
          </p>
        )}
        {health.sampled && (
          <p className="mt-2 text-xs text-slate-500">
            Sampled: the watch has not read every delivery of these windows
            {health.watchedSince ? (
              <>
                {' '}
                (complete since <LocalTime iso={health.watchedSince} />)
              </>
            ) : (
              ''
            )}
            .
          </p>
        )}
      </Card>
      <div className="grid gap-4 xl:grid-cols-2">
        <TimeSeriesChart
          title="Success rate, last 24 hours"
          description="Share of delivery attempts answered 2xx within 15 s, per hour."
          summary="Success rate per hour over the last 24 hours; the table below gives each hour's figures."
          points={hourly}
          series={[{ key: 'rate', name: 'Success rate (%)', colour: '#047857' }]}
          timeFormat="minute"
          wholeNumbers={false}
          valueMax={100}
        />
        <TimeSeriesChart
          title="Attempt duration, last 24 hours"
          description="How long your endpoint took to answer, per hour: median and 95th percentile."
          summary="Attempt duration p50 and p95 per hour over the last 24 hours; the table below gives each hour's figures."
          points={hourly}
          series={[
            { key: 'p50', name: 'p50 (ms)', colour: '#1d4ed8' },
            { key: 'p95', name: 'p95 (ms)', colour: '#b45309' },
          ]}
          timeFormat="minute"
        />
        <TimeSeriesChart
          title="Success rate, last 30 days"
          description="Share of delivery attempts answered 2xx within 15 s, per day."
          summary="Success rate per day over the last 30 days; the table below gives each day's figures."
          points={points(health.figures.daily)}
          series={[{ key: 'rate', name: 'Success rate (%)', colour: '#047857' }]}
          wholeNumbers={false}
          valueMax={100}
        />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Each hour&apos;s figures as a table</summary>
        <Table frameClassName="mt-2">
          <TableColumns names={['Hour starting', 'Attempts', 'Succeeded', 'Success rate', 'p50', 'p95']} />
          <TableBody>
            {health.figures.hourly.map((bucket) => (
              <TableRow key={bucket.start}>
                <TableCell data-label="Hour starting">
                  <LocalTime iso={bucket.start} />
                </TableCell>
                <TableCell data-label="Attempts" numeric>
                  {bucket.attempts}
                </TableCell>
                <TableCell data-label="Succeeded" numeric>
                  {bucket.successes}
                </TableCell>
                <TableCell data-label="Success rate" numeric>
                  {formatRate(bucket.successRate)}
                </TableCell>
                <TableCell data-label="p50" numeric>
                  {ms(bucket.p50Ms)}
                </TableCell>
                <TableCell data-label="p95" numeric>
                  {ms(bucket.p95Ms)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
      <ReceiverRefusals receiver={health.receiver} />
      <Card>
        <CardHeader
          title="Never delivered"
          size="md"
          description="Events whose every attempt failed: what your systems missed. Grouped by where they belonged."
        />
        {health.neverDelivered.length === 0 ? (
          <p className="mt-2 text-sm text-emerald-700" data-testid="never-delivered-none">
            None in the last 30 days.
          </p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="never-delivered">
            {health.neverDelivered.map((group) => (
              <li key={group.by === 'conversation' ? `${group.robotId}:${group.conversationId}` : `type:${group.eventType}`}>
                {group.by === 'conversation'
                  ? `Robot ${group.robotId ?? 'unknown'}, conversation ${group.conversationId ?? 'none'}`
                  : `Event type ${group.eventType ?? 'unknown'}`}
                : {group.deliveries.length} {group.deliveries.length === 1 ? 'event' : 'events'}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
