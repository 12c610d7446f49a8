import 'server-only';
import { getEnv } from '@/lib/config/env';
import { budgetState, whenBudgetAllows } from '@/lib/connection/budget';
import { getPartnerClient } from '@/lib/connection/client';
import type { Delivery, DeliveryList, DeliveryStatus } from '@/lib/partner/schemas';
import { runOnce } from '@/lib/sync/registry';
import { mirrorStatus, writeMirrorStatus } from '@/lib/sync/status';
import {
  DELIVERY_WATCH,
  knownStatuses,
  pruneDeliveries,
  settleVanished,
  unsettledDeliveries,
  upsertDeliveries,
  WATCH_RETENTION_MS,
} from './watch-store';

/** The largest page the API gives (D3). */
export const WATCH_PAGE = 100;

export type DeliveriesQuery = { status?: DeliveryStatus; limit: number; offset: number };
export type ReadDeliveries = (query: DeliveriesQuery) => Promise<DeliveryList>;

export type WatchPassOptions = {
  /** Reads one page; by default as `sync` work, waiting for a budget slot. */
  read?: ReadDeliveries;
  /** The most calls the pass may make; by default half of the background share of a minute. */
  maxCalls?: number;
  pageSize?: number;
  now?: number;
};

export type WatchPassResult = {
  calls: number;
  bound: number;
  behind: boolean;
  /** Deliveries read newest first before meeting ones already held. */
  newest: number;
  /** Deliveries taken as succeeded once they left the retrying lists (see `settleVanished`). */
  settled: number;
  pruned: number;
  completeSince: string | null;
};

/** A pass should not wait long for a slot: the next one, a minute on, reads what this one could not. */
const SLOT_PATIENCE_MS = 2 * 60_000;

function syncReader(): ReadDeliveries {
  return (query) => whenBudgetAllows(async () => (await (await getPartnerClient('sync')).listDeliveries(query)).data, SLOT_PATIENCE_MS);
}

/**
 * The directory's looks and sweeps are background work too: the watch leaves them half the share,
 * spread over the passes of a minute when they come more often than once a minute.
 */
async function defaultBound(): Promise<number> {
  const passesPerMinute = Math.max(1, 60 / getEnv().DELIVERY_WATCH_EVERY_SECONDS);
  return Math.max(4, Math.floor((await budgetState()).syncAllowance / 2 / passesPerMinute));
}

function hasMore(list: DeliveryList, items: Delivery[], offset: number, limit: number): boolean {
  if (items.length === 0) return false;
  const more = list.pagination?.has_more;
  if (typeof more === 'boolean') return more;
  const total = list.pagination?.total_count;
  if (typeof total === 'number') return offset + items.length < total;
  return items.length === limit;
}

const createdMs = (d: Delivery) => Date.parse(d.created_at ?? '');

async function pass(options: WatchPassOptions): Promise<WatchPassResult> {
  const now = options.now ?? Date.now();
  const read = options.read ?? syncReader();
  const pageSize = options.pageSize ?? WATCH_PAGE;
  const bound = options.maxCalls ?? (await defaultBound());
  const keepFrom = now - WATCH_RETENTION_MS;
  let calls = 0;

  /**
   * Walks one list newest first, page by page, while `cap` allows; `onPage` says when what it read
   * is enough. `step` below the page size makes pages overlap, so that items leaving the list between
   * two reads (which shifts the rest towards the head) are not skipped.
   */
  async function walk(
    status: DeliveryStatus | undefined,
    cap: number,
    onPage: (items: Delivery[]) => Promise<boolean>,
    step = pageSize,
  ): Promise<'done' | 'cut'> {
    for (let offset = 0; ; offset += step) {
      if (calls >= cap) return 'cut';
      calls += 1;
      const list = await read({ status, limit: pageSize, offset });
      const items = list.data ?? [];
      if (await onPage(items)) return 'done';
      if (!hasMore(list, items, offset, pageSize)) return 'done';
    }
  }

  const before = (await mirrorStatus(DELIVERY_WATCH)).watch;
  const heldSince = before?.completeSince ? Date.parse(before.completeSince) : null;

  // 1. The newest, down to the first delivery already held within the range known whole: below it
  //    everything was read before, and what may have changed since is re-read by status below.
  let newest = 0;
  let oldestRead: number | null = null;
  let metHeld = false;
  const head = await walk(undefined, Math.max(1, bound - Math.max(3, Math.floor(bound / 2))), async (items) => {
    const known = await knownStatuses(items.flatMap((d) => (d.delivery_id ? [d.delivery_id] : [])));
    await upsertDeliveries(items, now, keepFrom);
    for (const d of items) {
      const created = createdMs(d);
      if (!Number.isNaN(created)) oldestRead = Math.min(oldestRead ?? created, created);
      if (d.delivery_id && known.has(d.delivery_id) && heldSince !== null && created >= heldSince) metHeld = true;
      else newest += 1;
    }
    return metHeld || (oldestRead !== null && oldestRead < keepFrom);
  });
  let completeSince: number | null;
  if (head === 'cut') completeSince = oldestRead;
  else if (metHeld && heldSince !== null) completeSince = Math.max(heldSince, keepFrom);
  else completeSince = keepFrom;

  // 2. Every delivery not settled yet, listed by status. Pending first: one that moves on to
  //    `retrying` in between is then met in the second list rather than in neither.
  const unsettledSeen = new Set<string>();
  const collect = async (items: Delivery[]) => {
    for (const d of items) if (d.delivery_id) unsettledSeen.add(d.delivery_id);
    await upsertDeliveries(items, now, keepFrom);
    return false;
  };
  const overlapStep = Math.max(1, pageSize - Math.floor(pageSize / 10));
  const pending = await walk('pending', bound - 1, collect, overlapStep);
  const retrying = pending === 'done' ? await walk('retrying', bound - 1, collect, overlapStep) : 'cut';

  // 3. The failed, newest first, until known failed ones and past the oldest delivery that left the
  //    lists above: deliveries fail about 28 hours after creation, so nearly in creation order.
  const vanished = (await unsettledDeliveries()).filter((d) => !unsettledSeen.has(d.id));
  const oldestVanished = vanished[0]?.createdAt ?? null;
  const failedSeen = new Set<string>();
  const failed = await walk('failed', bound, async (items) => {
    const known = await knownStatuses(items.flatMap((d) => (d.delivery_id ? [d.delivery_id] : [])));
    await upsertDeliveries(items, now, keepFrom);
    let metFailed = false;
    let oldest = Infinity;
    for (const d of items) {
      if (d.delivery_id) failedSeen.add(d.delivery_id);
      if (d.delivery_id && known.get(d.delivery_id)?.status === 'failed') metFailed = true;
      oldest = Math.min(oldest, createdMs(d));
    }
    return (metFailed && (oldestVanished === null || oldest <= oldestVanished)) || oldest < keepFrom;
  });

  const statesWhole = pending === 'done' && retrying === 'done' && failed === 'done';
  const succeeded = statesWhole ? vanished.filter((d) => !failedSeen.has(d.id)).map((d) => d.id) : [];
  await settleVanished(succeeded, now);
  const pruned = await pruneDeliveries(keepFrom);

  const behind = head === 'cut' || !statesWhole;
  const at = new Date(now).toISOString();
  const since = completeSince === null ? null : new Date(completeSince).toISOString();
  await writeMirrorStatus(DELIVERY_WATCH, (status) => ({
    lookedAt: at,
    completedAt: behind ? status.completedAt : at,
    verified: !behind,
    stale: behind,
    lastError: null,
    watch: { at, calls, bound, behind, completeSince: since },
  }));
  return { calls, bound, behind, newest, settled: succeeded.length, pruned, completeSince: since };
}

/**
 * One pass of the deliveries watch: what is new, what was still unsettled, what failed since, within
 * a bound of calls. Short of calls it keeps the newest and records that it is behind, which labels
 * the figures built on it as sampled. Callers in this process share the pass under way.
 */
export function watchDeliveries(options: WatchPassOptions = {}): Promise<WatchPassResult> {
  return runOnce(`watch:${DELIVERY_WATCH}`, async () => {
    try {
      return await pass(options);
    } catch (err) {
      await writeMirrorStatus(DELIVERY_WATCH, {
        lastError: { at: new Date().toISOString(), message: err instanceof Error ? err.message : String(err) },
      });
      throw err;
    }
  });
}
