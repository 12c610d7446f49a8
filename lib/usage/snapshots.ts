import 'server-only';
import { and, asc, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { getPartnerClient } from '@/lib/connection/client';
import { whenBudgetAllows, type CallPurpose } from '@/lib/connection/budget';
import { getDb, schema } from '@/lib/db';
import type { UsageSnapshotRow } from '@/lib/db/schema';
import type { UsageEntry } from '@/lib/partner/schemas';
import { rfc3339, type UsageWindow } from './window';

/**
 * The usage report has no account total, so covering every robot costs one call per 100 robots.
 * A snapshot is one such full read, kept in the dashboard's database: views read it (no call), and
 * a newer one is filled page by page in the background, within the call budget, then replaces it.
 */
const SNAPSHOT_PAGE = 100;
/** A report this small is read again on view when older than this; a larger one in the background. */
const SMALL_PAGES = 2;
const SMALL_FRESH_MS = 15_000;
const LARGE_FRESH_MS = 10 * 60_000;

export function snapshotKey(window: UsageWindow): string {
  return window.preset === 'custom' ? `custom:${window.fromDay}:${window.toDay}` : window.preset;
}

// One fill per key per process, shared by every view that wants it.
const fills = globalThis as unknown as { usageFills?: Map<string, Promise<void>> };
const running = (fills.usageFills ??= new Map());

// The fill runs past the view that started it: it waits for a slot rather than fail, and the view meanwhile shows the last snapshot.
async function getUsagePage(window: UsageWindow, offset: number, purpose: CallPurpose) {
  return whenBudgetAllows(
    async () =>
      (
        await (
          await getPartnerClient(purpose)
        ).getUsage({ from: rfc3339(window.from), to: rfc3339(window.to), limit: SNAPSHOT_PAGE, offset })
      ).data,
  );
}

function rowOf(snapshotId: number, position: number, entry: UsageEntry) {
  return {
    snapshotId,
    position,
    robotId: entry.robot_id ?? `unknown-${position}`,
    entry: JSON.stringify(entry),
    messages: entry.messages?.total ?? 0,
    units: entry.messages?.units ?? 0,
    conversations: entry.conversations?.total ?? 0,
  };
}

/** Reads the whole report for the window into a new snapshot; the previous one serves views until this one is complete. */
function fillSnapshot(key: string, window: UsageWindow, purpose: CallPurpose = 'sync'): Promise<void> {
  const existing = running.get(key);
  if (existing) return existing;
  const run = (async () => {
    const db = await getDb();
    const [created] = await db
      .insert(schema.usageSnapshots)
      .values({ key, fromAt: window.from.toISOString(), toAt: window.to.toISOString(), startedAt: new Date().toISOString(), pagesDone: 0 })
      .returning({ id: schema.usageSnapshots.id });
    if (!created) throw new Error('the usage snapshot was not created');
    const id = created.id;
    try {
      const seen = new Set<string>();
      let pagesTotal: number | null = null;
      for (let page = 0; ; page++) {
        // Past the first page(s) a large report is background work, whoever asked for it.
        const report = await getUsagePage(window, page * SNAPSHOT_PAGE, page === 0 || (pagesTotal ?? 0) <= SMALL_PAGES ? purpose : 'sync');
        const entries = (report.data ?? []).filter((e) => !e.robot_id || !seen.has(e.robot_id));
        entries.forEach((e) => e.robot_id && seen.add(e.robot_id));
        const total = report.pagination?.total_count ?? null;
        pagesTotal = total === null ? null : Math.max(1, Math.ceil(total / SNAPSHOT_PAGE));
        await db.transaction(async (tx) => {
          if (entries.length > 0)
            await tx
              .insert(schema.usageSnapshotRows)
              .values(entries.map((entry, i) => rowOf(id, page * SNAPSHOT_PAGE + i, entry)))
              .onConflictDoNothing();
          await tx
            .update(schema.usageSnapshots)
            .set({
              pagesDone: page + 1,
              pagesTotal,
              ...(page === 0 && { processedAt: report.metadata?.processed_at ?? null, cacheHit: report.metadata?.cache_hit ?? null }),
            })
            .where(eq(schema.usageSnapshots.id, id));
        });
        const more = report.pagination?.has_more ?? (report.data ?? []).length === SNAPSHOT_PAGE;
        if (!more || (report.data ?? []).length === 0) break;
      }
      await db.transaction(async (tx) => {
        await tx.update(schema.usageSnapshots).set({ finishedAt: new Date().toISOString() }).where(eq(schema.usageSnapshots.id, id));
        // Older complete snapshots of this window are no longer read.
        const older = await tx
          .select({ id: schema.usageSnapshots.id })
          .from(schema.usageSnapshots)
          .where(and(eq(schema.usageSnapshots.key, key), lt(schema.usageSnapshots.id, id)));
        for (const { id: old } of older) {
          await tx.delete(schema.usageSnapshotRows).where(eq(schema.usageSnapshotRows.snapshotId, old));
          await tx.delete(schema.usageSnapshots).where(eq(schema.usageSnapshots.id, old));
        }
      });
    } catch (err) {
      await db
        .update(schema.usageSnapshots)
        .set({ error: err instanceof Error ? err.message : String(err) })
        .where(eq(schema.usageSnapshots.id, id));
      throw err;
    }
  })().finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

async function latestSnapshot(key: string): Promise<UsageSnapshotRow | undefined> {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.usageSnapshots)
    .where(and(eq(schema.usageSnapshots.key, key), isNotNull(schema.usageSnapshots.finishedAt)))
    .orderBy(desc(schema.usageSnapshots.id))
    .limit(1);
  return row;
}

/** The fill under way for this window, for its progress. */
export async function fillInProgress(key: string): Promise<UsageSnapshotRow | undefined> {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.usageSnapshots)
    .where(and(eq(schema.usageSnapshots.key, key), isNull(schema.usageSnapshots.finishedAt), isNull(schema.usageSnapshots.error)))
    .orderBy(desc(schema.usageSnapshots.id))
    .limit(1);
  return row;
}

function isFresh(snapshot: UsageSnapshotRow, now: number): boolean {
  const small = (snapshot.pagesTotal ?? 1) <= SMALL_PAGES;
  return now - Date.parse(snapshot.finishedAt ?? snapshot.startedAt) < (small ? SMALL_FRESH_MS : LARGE_FRESH_MS);
}

/**
 * The snapshot a view should show, refreshing it first when that is cheap (a report of one or two
 * pages) and otherwise in the background. Undefined while the first fill of a large report runs.
 */
export async function snapshotForView(window: UsageWindow, purpose: CallPurpose): Promise<UsageSnapshotRow | undefined> {
  const key = snapshotKey(window);
  const latest = await latestSnapshot(key);
  const now = Date.now();
  // A custom window is fixed in time: once complete it stays right.
  if (latest && (window.preset === 'custom' || isFresh(latest, now))) return latest;
  const fill = fillSnapshot(key, window, purpose);
  const small = !latest || (latest.pagesTotal ?? 1) <= SMALL_PAGES;
  if (small) {
    // Small reports are read before answering; a large first read is shown in progress instead.
    const done = await Promise.race([fill.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 4_000))]);
    if (done) return latestSnapshot(key);
  } else {
    fill.catch(() => undefined);
  }
  return latest;
}

export type MeasureKey = 'messages' | 'units' | 'conversations';

export async function snapshotEntries(
  snapshotId: number,
  options: { offset?: number; limit?: number; orderBy?: MeasureKey } = {},
): Promise<UsageEntry[]> {
  const r = schema.usageSnapshotRows;
  const order = options.orderBy ? [desc(r[options.orderBy]), asc(r.position)] : [asc(r.position)];
  const query = (await getDb())
    .select({ entry: r.entry })
    .from(r)
    .where(eq(r.snapshotId, snapshotId))
    .orderBy(...order)
    .offset(options.offset ?? 0);
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map((row) => JSON.parse(row.entry) as UsageEntry);
}

/**
 * Every entry of a snapshot in table order with the robots' external ids from the directory, in
 * one query: the export of a 10,000-robot account otherwise spent more time looking the ids up
 * 500 at a time than writing the CSV.
 */
export async function snapshotEntriesForExport(snapshotId: number): Promise<{ entries: UsageEntry[]; externalIds: Map<string, string> }> {
  const r = schema.usageSnapshotRows;
  const d = schema.robotDirectory;
  const rows = await (
    await getDb()
  )
    .select({ robotId: r.robotId, entry: r.entry, externalId: d.externalId })
    .from(r)
    .leftJoin(d, eq(d.id, r.robotId))
    .where(eq(r.snapshotId, snapshotId))
    .orderBy(asc(r.position));
  const externalIds = new Map<string, string>();
  for (const row of rows) if (row.externalId) externalIds.set(row.robotId, row.externalId);
  return { entries: rows.map((row) => JSON.parse(row.entry) as UsageEntry), externalIds };
}
