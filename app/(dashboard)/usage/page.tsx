import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { requireSessionUser } from '@/lib/auth/session';
import { readPageParam } from '@/lib/ui/pagination';
import { SAFE_ID, type SearchParams, firstParam } from '@/lib/ui/search-params';
import { PRESET_LABELS, resolveWindow } from '@/lib/usage/window';
import { UsageReportSection, type UsageMeasure } from './usage-report-section';
import { UsageReportSkeleton } from './usage-report-skeleton';

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

  return (
    <>
      <PageHeader
        title="Usage"
        description={`Activity per robot, ${window.preset === 'custom' ? `${window.fromDay} to ${window.toDay}` : PRESET_LABELS[window.preset].toLowerCase()} (UTC, both ends included).`}
      />
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
