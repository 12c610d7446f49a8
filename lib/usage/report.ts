import 'server-only';
import type { UsageEntry, UsageReport } from '@/lib/partner/schemas';
import { rfc3339, type UsageWindow } from '@/lib/usage/window';
import { getPartnerClient } from '@/lib/connection/client';
import { externalIdsOf, loadAllRobots } from '@/lib/robots/robots';
import { walkPages } from '@/lib/partner/walk-pages';

export const USAGE_TABLE_PAGE_SIZE = 10;

export type UsageTotals = { messages: number; units: number; conversations: number; client: number; ai: number; operator: number };

export function sumUsage(entries: UsageEntry[]): UsageTotals {
  const totals: UsageTotals = { messages: 0, units: 0, conversations: 0, client: 0, ai: 0, operator: 0 };
  for (const e of entries) {
    totals.messages += e.messages?.total ?? 0;
    totals.units += e.messages?.units ?? 0;
    totals.conversations += e.conversations?.total ?? 0;
    totals.client += e.messages?.by_role?.client ?? 0;
    totals.ai += e.messages?.by_role?.ai ?? 0;
    totals.operator += e.messages?.by_role?.operator ?? 0;
  }
  return totals;
}

function query(window: UsageWindow, robotId: string | undefined) {
  return { from: rfc3339(window.from), to: rfc3339(window.to), robot_id: robotId };
}

/** One page of the report, as the table shows it, with the API's own pagination. */
export async function fetchUsagePage(
  window: UsageWindow,
  robotId: string | undefined,
  page: number,
): Promise<{ report: UsageReport; requestId: string | undefined }> {
  const { data, requestId } = await getPartnerClient().getUsage({
    ...query(window, robotId),
    limit: USAGE_TABLE_PAGE_SIZE,
    offset: (page - 1) * USAGE_TABLE_PAGE_SIZE,
  });
  return { report: data, requestId };
}

/** Every robot's entry in the window: totals, charts and the CSV cover the whole account, not one page. */
export async function fetchAllUsage(
  window: UsageWindow,
  robotId: string | undefined,
): Promise<{ entries: UsageEntry[]; metadata: UsageReport['metadata'] }> {
  const client = getPartnerClient();
  const { items, first } = await walkPages<UsageEntry, UsageReport>(
    async (limit, offset) => (await client.getUsage({ ...query(window, robotId), limit, offset })).data,
  );
  return { entries: items, metadata: first?.metadata };
}

/**
 * The usage report gives `external_id` null until robot creation over the API ships, so the
 * partner's own customer ids come from the robots list.
 */
export async function externalIdsByRobot(): Promise<Map<string, string>> {
  return externalIdsOf(await loadAllRobots());
}

export type UsageView = {
  robots: { id: string; name: string }[];
  totals: UsageTotals;
  chartEntries: UsageEntry[];
  tablePage: UsageReport;
  externalIds: Map<string, string>;
  /** The robot the URL asked for is not on the account (deleted, or mistyped): the account's usage is shown instead. */
  missingRobotId?: string;
};

/** Everything the usage page shows, or the failure to show instead. */
export async function loadUsageView(
  window: UsageWindow,
  robotId: string | undefined,
  page: number,
): Promise<{ ok: true; view: UsageView } | { ok: false; error: unknown }> {
  try {
    const robots = await loadAllRobots();
    const externalIds = externalIdsOf(robots);
    const missingRobotId = robotId !== undefined && !robots.some((r) => r.id === robotId) ? robotId : undefined;
    const shownRobotId = missingRobotId ? undefined : robotId;
    const [all, table] = await Promise.all([fetchAllUsage(window, shownRobotId), fetchUsagePage(window, shownRobotId, page)]);
    return {
      ok: true,
      view: {
        robots: robots.flatMap((r) => (r.id ? [{ id: r.id, name: r.name ?? r.id }] : [])),
        totals: sumUsage(all.entries),
        chartEntries: all.entries,
        tablePage: { ...table.report, metadata: table.report.metadata ?? all.metadata },
        externalIds,
        missingRobotId,
      },
    };
  } catch (error) {
    return { ok: false, error };
  }
}
