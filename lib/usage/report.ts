import 'server-only';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { getPartnerClient } from '@/lib/connection/client';
import { loadFailure, type Loaded } from '@/lib/connection/loaded';
import { getDb, schema } from '@/lib/db';
import { NotFoundError } from '@/lib/partner/errors';
import type { UsageEntry, UsageReport } from '@/lib/partner/schemas';
import { externalIdsOf } from '@/lib/robots/robots';
import { snapshotForView } from './snapshot-mirror';
import { snapshotEntries, snapshotEntriesForExport, type MeasureKey } from './snapshots';
import { rfc3339, type UsageWindow } from './window';

export const USAGE_TABLE_PAGE_SIZE = 10;
/** Charts show this many robots by the chosen measure, and one bar for all the others. */
const CHART_TOP = 20;
const OTHERS_ID = '__others__';

export type UsageTotals = { messages: number; units: number; conversations: number; client: number; ai: number; operator: number };

function sumUsage(entries: UsageEntry[]): UsageTotals {
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

/**
 * A finished snapshot never changes (a newer read is stored under a new id), so what is derived
 * from all of its rows (the count, the totals, each chart's top robots) is read once per process,
 * not on every view: on 10,000 robots each was a pass over every row (the totals parsing each
 * entry's JSON three times).
 */
const MEMO_ENTRIES = 200;
const derived = new Map<string, Promise<unknown>>();

function onceForSnapshot<T>(key: string, read: () => Promise<T>): Promise<T> {
  const known = derived.get(key);
  if (known) return known as Promise<T>;
  const reading = read().catch((error: unknown) => {
    derived.delete(key);
    throw error;
  });
  if (derived.size >= MEMO_ENTRIES) {
    const oldest = derived.keys().next();
    if (!oldest.done) derived.delete(oldest.value);
  }
  derived.set(key, reading);
  return reading;
}

/** How many robots a snapshot holds and their totals, in one pass over its rows. */
function snapshotSummary(snapshotId: number): Promise<{ size: number; totals: UsageTotals }> {
  return onceForSnapshot(`summary:${snapshotId}`, async () => {
    const r = schema.usageSnapshotRows;
    // Sums come back as numeric (text on the wire): cast to float8 so both drivers give numbers.
    const total = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)::float8`.mapWith(Number);
    const role = (name: string) => total(sql`(${r.entry}::jsonb #>> ${`{messages,by_role,${name}}`})::float8`);
    const [row] = await (
      await getDb()
    )
      .select({
        size: count(),
        messages: total(sql`${r.messages}`),
        units: total(sql`${r.units}`),
        conversations: total(sql`${r.conversations}`),
        client: role('client'),
        ai: role('ai'),
        operator: role('operator'),
      })
      .from(r)
      .where(eq(r.snapshotId, snapshotId));
    if (!row) return { size: 0, totals: sumUsage([]) };
    const { size, ...totals } = row;
    return { size, totals };
  });
}

/** The top robots by the measure, and one entry standing for all the others, so a chart stays readable at any size. */
async function chartEntriesOf(snapshotId: number, measure: MeasureKey, totals: UsageTotals, robots: number): Promise<UsageEntry[]> {
  const top = await onceForSnapshot(`top:${snapshotId}:${measure}`, () =>
    snapshotEntries(snapshotId, { orderBy: measure, limit: CHART_TOP }),
  );
  if (robots <= CHART_TOP) return top;
  const shown = sumUsage(top);
  const rest = (key: keyof UsageTotals) => Math.max(0, totals[key] - shown[key]);
  return [
    ...top,
    {
      robot_id: OTHERS_ID,
      name: `All ${robots - top.length} other robots`,
      messages: {
        total: rest('messages'),
        units: rest('units'),
        by_role: { client: rest('client'), ai: rest('ai'), operator: rest('operator') },
      },
      conversations: { total: rest('conversations') },
    },
  ];
}

export type UsageView = {
  totals: UsageTotals;
  chartEntries: UsageEntry[];
  tablePage: UsageReport;
  externalIds: Map<string, string>;
  /** The robot the URL asked for is not on the account (deleted, or mistyped): the account's usage is shown instead. */
  missingRobotId?: string;
  /** When the figures were read from the API, for "as of". */
  readAt: string | null;
  /** Set while the first full read of a large report is under way. */
  progress?: { pagesDone: number; pagesTotal: number | null };
};

async function singleRobotView(window: UsageWindow, robotId: string): Promise<UsageView> {
  const { data } = await (
    await getPartnerClient('page')
  ).getUsage({
    from: rfc3339(window.from),
    to: rfc3339(window.to),
    robot_id: robotId,
    limit: 1,
  });
  const entries = data.data ?? [];
  return {
    totals: sumUsage(entries),
    chartEntries: entries,
    tablePage: data,
    externalIds: await externalIdsOf([robotId]),
    readAt: new Date().toISOString(),
  };
}

async function accountView(window: UsageWindow, page: number, measure: MeasureKey): Promise<UsageView> {
  const read = await snapshotForView(window, 'page');
  if (!read.snapshot) {
    const empty: UsageReport = { data: [], pagination: { limit: USAGE_TABLE_PAGE_SIZE, offset: 0, total_count: 0, has_more: false } };
    return {
      totals: sumUsage([]),
      chartEntries: [],
      tablePage: empty,
      externalIds: new Map(),
      readAt: null,
      progress: read.progress,
    };
  }
  const snapshot = read.snapshot;
  const { size, totals } = await snapshotSummary(snapshot.id);
  const offset = (page - 1) * USAGE_TABLE_PAGE_SIZE;
  const rows = await snapshotEntries(snapshot.id, { offset, limit: USAGE_TABLE_PAGE_SIZE });
  const chartEntries = await chartEntriesOf(snapshot.id, measure, totals, size);
  const ids = [...rows, ...chartEntries].flatMap((e) => (e.robot_id ? [e.robot_id] : []));
  return {
    totals,
    chartEntries,
    tablePage: {
      data: rows,
      pagination: { limit: USAGE_TABLE_PAGE_SIZE, offset, total_count: size, has_more: offset + rows.length < size },
      metadata: { processed_at: snapshot.processedAt, cache_hit: snapshot.cacheHit },
    },
    externalIds: await externalIdsOf(ids),
    readAt: snapshot.finishedAt,
  };
}

/** Everything the usage page shows, or the failure to show instead. One robot costs a call; the account reads a snapshot. */
export async function loadUsageView(
  window: UsageWindow,
  robotId: string | undefined,
  page: number,
  measure: MeasureKey = 'messages',
): Promise<Loaded<UsageView>> {
  try {
    if (robotId) {
      try {
        return { ok: true, data: await singleRobotView(window, robotId) };
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
        return { ok: true, data: { ...(await accountView(window, page, measure)), missingRobotId: robotId } };
      }
    }
    return { ok: true, data: await accountView(window, page, measure) };
  } catch (error) {
    return { ok: false, error: loadFailure(error) };
  }
}

/** Every robot's entry for the CSV, from the same snapshot the page shows; undefined while it is being read. */
export async function usageForExport(
  window: UsageWindow,
  robotId: string | undefined,
): Promise<{ entries: UsageEntry[]; externalIds: Map<string, string> } | { progress: { pagesDone: number; pagesTotal: number | null } }> {
  if (robotId) {
    const entries = (await singleRobotView(window, robotId)).chartEntries;
    return { entries, externalIds: await externalIdsOf(entries.flatMap((e) => (e.robot_id ? [e.robot_id] : []))) };
  }
  const read = await snapshotForView(window, 'export');
  return read.snapshot ? snapshotEntriesForExport(read.snapshot.id) : { progress: read.progress };
}
