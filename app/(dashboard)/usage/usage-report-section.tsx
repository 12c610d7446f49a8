import Link from 'next/link';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { EmptyState } from '@/components/ui/empty-state';
import { PaginationNav } from '@/components/ui/pagination-nav';
import { Card } from '@/components/ui/card';
import { Stat } from '@/components/ui/stat';
import { AutoRefresh } from '@/components/auto-refresh';
import { findRobot } from '@/lib/robots/robots';
import { loadUsageView, USAGE_TABLE_PAGE_SIZE } from '@/lib/usage/report';
import { toDisplayError } from '@/app/_errors/display-error';
import { pageCount } from '@/lib/ui/pagination';
import { toUsageRow } from '@/lib/usage/rows';
import type { UsageWindow } from '@/lib/usage/window';
import { UsageCharts } from './usage-charts';
import { UsageFilters } from './usage-filters';
import { UsageTable } from './usage-table';
import { LocalTime } from '@/components/ui/local-time';

const count = new Intl.NumberFormat('en-GB');
const units = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export type UsageMeasure = 'messages' | 'units' | 'conversations';

export interface UsageReportSectionProps {
  window: UsageWindow;
  page: number;
  /** The `robot` parameter as given (for the notice), and the id it names when it is one. */
  robotParam: string | undefined;
  requestedRobotId: string | undefined;
  measure: UsageMeasure;
  /** What was wrong with the window or page parameters, already put right. */
  notices: (string | undefined)[];
}

/**
 * Everything of the usage page that waits for the API: the page streams its header at once and
 * this behind a skeleton, so the header is painted without waiting for the report.
 */
export async function UsageReportSection({ window, page, robotParam, requestedRobotId, measure, notices: given }: UsageReportSectionProps) {
  const loaded = await loadUsageView(window, requestedRobotId, page, measure);
  const robotId = loaded.ok && loaded.data.missingRobotId ? undefined : requestedRobotId;
  const notices = [...given];
  if (robotParam && !requestedRobotId) notices.push(`“${robotParam.slice(0, 40)}” is not a robot id; showing every robot.`);
  if (loaded.ok && loaded.data.missingRobotId) {
    notices.push(
      `The robot ${loaded.data.missingRobotId} is not on this account any more (it was deleted, or the link is mistyped), so the whole account's usage is shown.`,
    );
  }

  const params = new URLSearchParams();
  params.set('range', window.preset);
  if (window.preset === 'custom') {
    params.set('from', window.fromDay);
    params.set('to', window.toDay);
  }
  if (robotId) params.set('robot', robotId);
  if (measure !== 'messages') params.set('measure', measure);
  const hrefFor = (p: number) => `/usage?${new URLSearchParams([...params, ['page', String(p)]]).toString()}`;

  const chosenRobot = robotId ? { id: robotId, name: (await findRobot(robotId))?.name ?? robotId } : null;
  let content: React.ReactNode;
  if (!loaded.ok) {
    content = (
      <ApiErrorNotice
        className="mt-4"
        error={toDisplayError(loaded.error, {
          invalid_parameter: (e) => ({ title: 'The service refused this window', message: `${e.message} Pick another window.` }),
        })}
      />
    );
  } else if (loaded.data.progress) {
    const { pagesDone, pagesTotal } = loaded.data.progress;
    content = (
      <Card role="status" className="mt-4 text-sm" data-testid="usage-progress">
        <AutoRefresh everyMs={3000} />
        <p className="font-medium">Reading the usage report for this window…</p>
        <p className="mt-1 text-slate-600">
          {pagesDone} of {pagesTotal ?? 'several'} pages read. The report covers every robot, 100 per call, read within the dashboard&apos;s
          share of the API budget; this page updates by itself.
        </p>
        {pagesTotal ? (
          <progress className="mt-3 w-full" max={pagesTotal} value={pagesDone} aria-label="Pages of the usage report read" />
        ) : null}
      </Card>
    );
  } else {
    const { totals, chartEntries, tablePage, externalIds, readAt } = loaded.data;
    const chartRows = chartEntries.map((e) => toUsageRow(e, externalIds));
    const tableRows = (tablePage.data ?? []).map((e) => toUsageRow(e, externalIds));
    const total = tablePage.pagination?.total_count ?? tableRows.length;
    const metadata = tablePage.metadata;
    content = (
      <>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <p data-testid="usage-freshness">
            Figures as of{' '}
            <strong>
              <LocalTime iso={metadata?.processed_at} />
            </strong>
            {metadata?.cache_hit === true
              ? ' (a cached answer: very recent conversations may not be counted yet)'
              : metadata?.cache_hit === false
                ? ' (freshly computed)'
                : ''}
            .
            {readAt && (
              <>
                {' '}
                Read <LocalTime iso={readAt} />.
              </>
            )}
          </p>
          <a
            href={`/usage/export?${params.toString()}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-100"
            download
          >
            Download CSV
          </a>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Units are what billing uses (two per message on the enhanced-accuracy model); messages are a count in both directions.
        </p>
        {chartEntries.length === 0 ? (
          <EmptyState title="No robots in this report">
            There is no robot on this account{robotId ? ' with that id' : ''}, so there is no usage to show.
          </EmptyState>
        ) : (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="usage-totals">
              {[
                ['Messages', count.format(totals.messages), 'messages'],
                ['Units', units.format(totals.units), 'units'],
                ['Conversations', count.format(totals.conversations), 'conversations'],
                [
                  'By role',
                  `${count.format(totals.client)} client · ${count.format(totals.ai)} AI · ${count.format(totals.operator)} operator`,
                  'roles',
                ],
              ].map(([label, value, key]) => (
                <Stat key={key} label={label} value={value} size={key === 'roles' ? 'text' : 'figure'} valueTestId={`total-${key}`} />
              ))}
            </dl>
            {totals.messages === 0 ? (
              <p className="mt-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
                No messages in this window. Try a longer window.
              </p>
            ) : (
              <div className="mt-6">
                <UsageCharts rows={chartRows} />
              </div>
            )}
            <UsageTable rows={tableRows} />
            {tableRows.length === 0 && total > 0 && (
              <p className="mt-3 text-sm">
                There is no page {page}.{' '}
                <Link className="text-brand-700 underline" href={hrefFor(pageCount(total, USAGE_TABLE_PAGE_SIZE))}>
                  Go to the last page
                </Link>
                .
              </p>
            )}
            <PaginationNav page={page} totalPages={pageCount(total, USAGE_TABLE_PAGE_SIZE)} hrefFor={hrefFor} label="Usage table pages" />
          </>
        )}
      </>
    );
  }

  return (
    <>
      <UsageFilters preset={window.preset} fromDay={window.fromDay} toDay={window.toDay} robot={chosenRobot} measure={measure} />
      {notices.some(Boolean) && (
        <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="usage-notice">
          {notices.filter(Boolean).join(' ')}
        </p>
      )}
      {content}
    </>
  );
}
