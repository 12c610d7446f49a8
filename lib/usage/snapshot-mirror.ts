import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { getPartnerClient } from '@/lib/connection/client';
import type { CallPurpose } from '@/lib/connection/budget';
import { getDb, schema } from '@/lib/db';
import type { UsageSnapshotRow } from '@/lib/db/schema';
import type { UsageEntry, UsageReport } from '@/lib/partner/schemas';
import { fillMirror, type MirrorTarget } from '@/lib/sync/mirror';
import { fillUnderWay, mirrorStatus } from '@/lib/sync/status';
import { latestSnapshot, snapshotKey } from './snapshots';
import { rfc3339, type UsageWindow } from './window';

/**
 * The usage report has no account total, so covering every robot costs one call per 100 robots.
 * A snapshot is one such full read, kept in the dashboard's database: views read it (no call), and
 * a newer one is filled page by page in the background by the usage mirror, within the call budget,
 * then replaces it.
 */
const SNAPSHOT_PAGE = 100;
/** A report this small is read again on view when older than this; a larger one in the background. */
const SMALL_PAGES = 2;
const SMALL_FRESH_MS = 15_000;
const LARGE_FRESH_MS = 10 * 60_000;
/** How long a view waits for a small report before showing what it has. */
const SMALL_WAIT_MS = 4_000;

/** The mirror key of a window's report. */
export const usageMirrorKey = (window: UsageWindow) => `usage:${snapshotKey(window)}`;

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

/** A new snapshot row is the staging place: views read only finished ones, so it swaps in by being finished. */
function snapshotTarget(key: string, window: UsageWindow): MirrorTarget<UsageReport> {
  let id: number | null = null;
  const seen = new Set<string>();
  const staged = () => {
    if (id === null) throw new Error('the usage snapshot was not created');
    return id;
  };
  return {
    async begin() {
      const [created] = await (
        await getDb()
      )
        .insert(schema.usageSnapshots)
        .values({
          key,
          fromAt: window.from.toISOString(),
          toAt: window.to.toISOString(),
          startedAt: new Date().toISOString(),
          pagesDone: 0,
        })
        .returning({ id: schema.usageSnapshots.id });
      id = created?.id ?? null;
      staged();
    },
    async write(page) {
      const snapshotId = staged();
      const entries = page.items.filter((e) => !e.robot_id || !seen.has(e.robot_id));
      entries.forEach((e) => e.robot_id && seen.add(e.robot_id));
      const pagesTotal = page.totalCount === null ? null : Math.max(1, Math.ceil(page.totalCount / SNAPSHOT_PAGE));
      await (
        await getDb()
      ).transaction(async (tx) => {
        if (entries.length > 0)
          await tx
            .insert(schema.usageSnapshotRows)
            .values(entries.map((entry, i) => rowOf(snapshotId, page.offset + i, entry)))
            .onConflictDoNothing();
        await tx
          .update(schema.usageSnapshots)
          .set({
            pagesDone: page.index + 1,
            pagesTotal,
            ...(page.index === 0 && {
              processedAt: page.list.metadata?.processed_at ?? null,
              cacheHit: page.list.metadata?.cache_hit ?? null,
            }),
          })
          .where(eq(schema.usageSnapshots.id, snapshotId));
      });
    },
    async finish() {
      const snapshotId = staged();
      await (
        await getDb()
      ).transaction(async (tx) => {
        await tx
          .update(schema.usageSnapshots)
          .set({ finishedAt: new Date().toISOString() })
          .where(eq(schema.usageSnapshots.id, snapshotId));
        // Older complete snapshots of this window are no longer read.
        const older = await tx
          .select({ id: schema.usageSnapshots.id })
          .from(schema.usageSnapshots)
          .where(and(eq(schema.usageSnapshots.key, key), lt(schema.usageSnapshots.id, snapshotId)));
        for (const { id: old } of older) {
          await tx.delete(schema.usageSnapshotRows).where(eq(schema.usageSnapshotRows.snapshotId, old));
          await tx.delete(schema.usageSnapshots).where(eq(schema.usageSnapshots.id, old));
        }
      });
      return { done: true, verified: true, kept: seen.size };
    },
    async discard(error) {
      if (id === null) return;
      await (
        await getDb()
      )
        .update(schema.usageSnapshots)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(schema.usageSnapshots.id, id));
    },
  };
}

/** Reads the whole report for the window into a new snapshot; the previous one serves views until this one is complete. */
function fillSnapshot(window: UsageWindow, purpose: CallPurpose = 'sync'): Promise<unknown> {
  const key = snapshotKey(window);
  return fillMirror<UsageReport>({
    key: usageMirrorKey(window),
    pageSize: SNAPSHOT_PAGE,
    read: async (query, as) =>
      (await (await getPartnerClient(as)).getUsage({ from: rfc3339(window.from), to: rfc3339(window.to), ...query })).data,
    // Past the first page(s) a large report is background work, whoever asked for it.
    purposeOf: (readIndex, pagesTotal) => (readIndex === 0 || (pagesTotal ?? 0) <= SMALL_PAGES ? purpose : 'sync'),
    target: snapshotTarget(key, window),
  });
}

function isFresh(snapshot: UsageSnapshotRow, now: number): boolean {
  const small = (snapshot.pagesTotal ?? 1) <= SMALL_PAGES;
  return now - Date.parse(snapshot.finishedAt ?? snapshot.startedAt) < (small ? SMALL_FRESH_MS : LARGE_FRESH_MS);
}

export type SnapshotProgress = { pagesDone: number; pagesTotal: number | null };

/** What a view shows: the snapshot, or while the first fill of a large report runs, its progress. */
export type SnapshotForView = { snapshot: UsageSnapshotRow } | { snapshot?: undefined; progress: SnapshotProgress };

async function progressOf(window: UsageWindow): Promise<SnapshotProgress> {
  const fill = fillUnderWay(await mirrorStatus(usageMirrorKey(window)));
  return {
    pagesDone: fill?.pagesRead ?? 0,
    pagesTotal: fill?.totalCount === null || fill === null ? null : Math.max(1, Math.ceil(fill.totalCount / SNAPSHOT_PAGE)),
  };
}

/**
 * The snapshot a view should show, refreshing it first when that is cheap (a report of one or two
 * pages) and otherwise in the background; while the first fill of a large report runs, its progress.
 */
export async function snapshotForView(window: UsageWindow, purpose: CallPurpose): Promise<SnapshotForView> {
  const key = snapshotKey(window);
  const latest = await latestSnapshot(key);
  // A custom window is fixed in time: once complete it stays right.
  if (latest && (window.preset === 'custom' || isFresh(latest, Date.now()))) return { snapshot: latest };
  const fill = fillSnapshot(window, purpose);
  const small = !latest || (latest.pagesTotal ?? 1) <= SMALL_PAGES;
  if (small) {
    // Small reports are read before answering; a large first read is shown in progress instead.
    const done = await Promise.race([fill.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), SMALL_WAIT_MS))]);
    if (done) {
      const read = await latestSnapshot(key);
      if (read) return { snapshot: read };
    }
  } else {
    fill.catch(() => undefined);
  }
  return latest ? { snapshot: latest } : { progress: await progressOf(window) };
}
