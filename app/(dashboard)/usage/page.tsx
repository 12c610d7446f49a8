import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { readPageParam } from '@/lib/ui/pagination';
import { SAFE_ID, type SearchParams, firstParam } from '@/lib/ui/search-params';
import { PRESET_LABELS } from '@/lib/usage/day-range';
import { resolveWindow } from '@/lib/usage/window';
import { UsageReportSection, type UsageMeasure } from './usage-report-section';
import { UsageReportSkeleton } from './usage-report-skeleton';
import { UsageOverTime } from './usage-over-time';
import { UsageThresholds } from './usage-thresholds';
import { seriesScope } from '@/lib/usage-series/scope';

export const metadata: Metadata = { title: 'Usage' };

const MEASURES: readonly UsageMeasure[] = ['messages', 'units', 'conversations'];

export default async function UsagePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireSessionUser();
  const raw = await searchParams;
  const resolved = resolveWindow({ range: firstParam(raw.range), from: firstParam(raw.from), to: firstParam(raw.to) }, new Date());
  const window = resolved.window;
  const { page, problem: pageProblem } = readPageParam(raw.page);
  const robotParam = firstParam(raw.robot) || undefined;
  const requestedRobotId = robotParam && SAFE_ID.test(robotParam) ? robotParam : undefined;
  const measure = MEASURES.find((m) => m === firstParam(raw.measure)) ?? 'messages';
  const scope = seriesScope(requestedRobotId, firstParam(raw.customer) || undefined);
  const dailyCsv = `/usage/export/daily?${new URLSearchParams({
    // The very days the page shows, whatever preset named them.
    range: 'custom',
    from: window.fromDay,
    to: window.toDay,
    ...(scope.kind === 'robot' && { robot: scope.robotId }),
    ...(scope.kind === 'customer' && { customer: scope.externalId }),
  }).toString()}`;

  return (
    <>
      <PageHeader
        title="Usage"
        description={`Activity per robot, ${window.preset === 'custom' ? `${window.fromDay} to ${window.toDay}` : PRESET_LABELS[window.preset].toLowerCase()} (UTC, both ends included).`}
      />
      <Suspense key={JSON.stringify([window.fromDay, window.toDay, scope])} fallback={<UsageReportSkeleton />}>
        <UsageOverTime scope={scope} fromDay={window.fromDay} toDay={window.toDay} csvHref={dailyCsv} />
      </Suspense>
      <Suspense fallback={<UsageReportSkeleton />}>
        <UsageThresholds />
      </Suspense>
      {/* Keyed by the query, so a new window or page shows the skeleton rather than the old figures. */}
      <Suspense
        key={JSON.stringify([window.preset, window.fromDay, window.toDay, page, robotParam, measure])}
        fallback={<UsageReportSkeleton />}
      >
        <UsageReportSection
          window={window}
          page={page}
          robotParam={robotParam}
          requestedRobotId={requestedRobotId}
          measure={measure}
          notices={[!resolved.ok ? resolved.error : undefined, pageProblem]}
        />
      </Suspense>
    </>
  );
}
