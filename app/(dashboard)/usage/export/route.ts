import { authorise } from '@/lib/auth/session';
import { accessRefusalResponse } from '@/app/_errors/access';
import { usageForExport } from '@/lib/usage/report';
import { failureAnswer } from '@/app/_errors/failure-response';
import { toDisplayError } from '@/app/_errors/display-error';
import { usageCsv } from '@/lib/usage/csv';
import { toUsageRow } from '@/lib/usage/rows';
import { resolveWindow, rfc3339 } from '@/lib/usage/window';
import { SAFE_ID } from '@/lib/ui/search-params';

/** CSV of exactly the table's columns, for every robot in the window, so each customer can be billed. */
export async function GET(request: Request): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  const url = new URL(request.url);
  const resolved = resolveWindow(
    {
      range: url.searchParams.get('range') ?? undefined,
      from: url.searchParams.get('from') ?? undefined,
      to: url.searchParams.get('to') ?? undefined,
    },
    new Date(),
  );
  if (!resolved.ok) return new Response(`${resolved.error}\n`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const robotParam = url.searchParams.get('robot') || undefined;
  const robotId = robotParam && SAFE_ID.test(robotParam) ? robotParam : undefined;
  try {
    const read = await usageForExport(resolved.window, robotId);
    if ('progress' in read) {
      const { pagesDone, pagesTotal } = read.progress;
      return new Response(
        `The usage report for this window is still being read (${pagesDone} of ${pagesTotal ?? 'several'} pages), within the dashboard's share of the API budget. Download again in a minute.\n`,
        { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' } },
      );
    }
    const csv = usageCsv(read.entries.map((e) => toUsageRow(e, read.externalIds)));
    const name = `usage_${resolved.window.fromDay}_${resolved.window.toDay}${robotId ? `_${robotId}` : ''}.csv`;
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'x-usage-window': `${rfc3339(resolved.window.from)}/${rfc3339(resolved.window.to)}`,
        'cache-control': 'no-store',
      },
    });
  } catch (err) {
    const { status, headers, error: shown } = failureAnswer(err, toDisplayError(err));
    return new Response(`${shown.title}. ${shown.message}${shown.requestId ? ` Request id ${shown.requestId}.` : ''}\n`, {
      status,
      headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}
