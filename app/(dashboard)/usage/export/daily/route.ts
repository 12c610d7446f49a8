import { accessRefusalResponse } from '@/app/_errors/access';
import { authorise } from '@/lib/auth/session';
import { seriesCsv } from '@/lib/usage-series/csv';
import { sameScope, seriesScope, thresholdScope } from '@/lib/usage-series/scope';
import { usageSeries } from '@/lib/usage-series/series';
import { thresholdStandings } from '@/lib/usage-series/thresholds';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { dayOf } from '@/lib/usage-series/days';

import { resolveWindow } from '@/lib/usage/window';

/** The daily series as CSV, for the window and scope the page shows; read from the store, no API call. */
export async function GET(request: Request): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  const params = new URL(request.url).searchParams;
  const resolved = resolveWindow(
    { range: params.get('range') ?? undefined, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined },
    new Date(),
  );
  if (!resolved.ok) return new Response(`${resolved.error}\n`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const { fromDay, toDay } = resolved.window;
  const scope = seriesScope(params.get('robot') ?? undefined, params.get('customer') ?? undefined);
  const series = await usageSeries(scope, fromDay, toDay);
  const today = dayOf(await serviceClockNow());
  const threshold = (await thresholdStandings(today)).find((t) => sameScope(thresholdScope(t), scope)) ?? null;
  const who = scope.kind === 'robot' ? `_${scope.robotId}` : scope.kind === 'customer' ? '_customer' : '';
  return new Response(seriesCsv(series, threshold, today.slice(0, 7)), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="usage_daily_${fromDay}_${toDay}${who}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
