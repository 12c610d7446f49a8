import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { Robot, RobotList } from '@/lib/partner/schemas';
import { fillMirror, noteLook, type MirrorTarget } from '@/lib/sync/mirror';
import { mirrorStatus, writeMirrorStatus } from '@/lib/sync/status';
import { DIRECTORY_MIRROR, directorySize, replaceDirectory, upsertRobots } from './directory';

/** The largest page the API gives (D3): a sweep of n robots costs n/100 calls, plus two looks at the head. */
export const SWEEP_PAGE = 100;
const MAX_ROUNDS = 5;

/**
 * How many of the newest robots a page's look reads. Up to a page of robots it reads them all, which
 * keeps the directory exact. Past that the directory can only be made exact by a sweep, and the look
 * is there to see additions (the list is newest first) and `total_count` move: the newest 20 show a
 * robot added since the last look, and a burst of more moves the count, which starts a sweep. Reading
 * 20 instead of 100 is a fifth of the parsing and comparing on every view of the robots page.
 */
export const PAGE_LOOK = 20;
export function pageLookSize(lastTotal: number | null): number {
  return lastTotal !== null && lastTotal > SWEEP_PAGE ? PAGE_LOOK : SWEEP_PAGE;
}

export type FetchRobotsPage = (limit: number, offset: number) => Promise<RobotList>;

/** Background reads go out as `sync`, which stops at half the dashboard's share so people keep room. */
export function syncFetcher(): FetchRobotsPage {
  return async (limit, offset) => (await (await getPartnerClient('sync')).listRobots({ limit, offset })).data;
}

const idsOf = (robots: Robot[] | undefined | null) => (robots ?? []).flatMap((r) => (r.id ? [r.id] : []));
const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The cheap look: the newest page (where additions appear, the list being newest first) and
 * `total_count` (which moves on deletions). One call. An account of up to 100 robots is wholly in
 * that page, so the directory becomes exact; otherwise it says whether a full sweep is due, and
 * until one ends the directory does not count as complete.
 */
export async function checkHead(
  fetchPage: FetchRobotsPage,
  size = SWEEP_PAGE,
): Promise<{ needsSweep: boolean; head: RobotList; changed: boolean }> {
  const head = await fetchPage(size, 0);
  const robots = head.data ?? [];
  const total = head.pagination?.total_count ?? null;
  const now = new Date().toISOString();
  if (total !== null && total <= SWEEP_PAGE && robots.length === total) {
    const changed = await replaceDirectory(robots, now);
    await writeMirrorStatus(DIRECTORY_MIRROR, { completedAt: now, verified: true, lookedAt: now, totalCount: total, stale: false });
    return { needsSweep: false, head, changed };
  }
  // Channels the head shows gone off by the service's doing (a lapse turns every channel off) are
  // likely off beyond it too: the sweep finds the rest and the cause.
  const { wentOff, changed } = await upsertRobots(robots, 0, { readAt: now });
  const neverSwept = (await mirrorStatus(DIRECTORY_MIRROR)).completedAt === null;
  const moved = total !== null && total !== (await directorySize());
  await noteLook(DIRECTORY_MIRROR, { totalCount: total, stale: neverSwept || moved });
  return { needsSweep: neverSwept || moved || wentOff > 0, head, changed };
}

export type SweepResult = { calls: number; rounds: number; exact: boolean; count: number };

/**
 * Where a sweep puts what it reads: kept aside (in memory: 10,000 robots are a few megabytes) and
 * swapped in whole at the end, so views never see half a list as if it were the account. At the end
 * the head is read again: if it and `total_count` are as at the start, nothing moved and the set
 * read is exact, and it replaces the directory (robots not read are dropped). Otherwise another
 * round runs from that look, because offsets shift while robots are added (a robot read twice,
 * deduped by id) or deleted (one missed).
 */
function sweepTarget(maxRounds: number, pageSize: number): MirrorTarget<RobotList> {
  let seen = new Map<string, Robot>();
  let startTotal: number | null = null;
  let startHead: string[] = [];
  return {
    async begin() {
      seen = new Map();
    },
    async write(page) {
      if (page.index === 0) {
        startTotal = page.totalCount;
        startHead = idsOf(page.items);
      }
      for (const robot of page.items) if (robot.id && !seen.has(robot.id)) seen.set(robot.id, robot);
    },
    async finish(pass, read) {
      const end = await read({ limit: pageSize, offset: 0 });
      const endTotal = end.pagination?.total_count ?? null;
      const exact = endTotal === startTotal && sameIds(idsOf(end.data), startHead) && (startTotal === null || seen.size === startTotal);
      if (!exact && pass.pass < maxRounds) return { again: true, first: end };
      await replaceDirectory([...seen.values()], new Date().toISOString());
      return { done: true, verified: exact, totalCount: endTotal, kept: seen.size };
    },
  };
}

/** Reads the whole list in pages of 100 through the mirror, then replaces the directory with it. */
export async function sweepDirectory(
  fetchPage: FetchRobotsPage,
  maxRounds = MAX_ROUNDS,
  pageSize = SWEEP_PAGE,
  first?: RobotList,
): Promise<SweepResult> {
  const outcome = await fillMirror<RobotList>({
    key: DIRECTORY_MIRROR,
    pageSize,
    read: ({ limit, offset }) => fetchPage(limit, offset),
    target: sweepTarget(maxRounds, pageSize),
    first,
  });
  return { calls: outcome.calls, rounds: outcome.pass, exact: outcome.verified, count: outcome.kept };
}
