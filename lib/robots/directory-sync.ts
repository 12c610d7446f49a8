import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import { whenBudgetAllows } from '@/lib/connection/budget';
import type { Robot, RobotList } from '@/lib/partner/schemas';
import { directorySize, replaceDirectory, upsertRobots, writeDirectoryStatus } from './directory';

/** The largest page the API gives (D3): a sweep of n robots costs n/100 calls, plus two looks at the head. */
export const SWEEP_PAGE = 100;
const MAX_ROUNDS = 5;

export type FetchRobotsPage = (limit: number, offset: number) => Promise<RobotList>;

/**
 * Background reads go out as `sync`, which stops at half the dashboard's share so people keep room;
 * when that is spent the sync waits for a slot instead of failing.
 */
export function syncFetcher(): FetchRobotsPage {
  return async (limit, offset) => whenBudgetAllows(async () => (await (await getPartnerClient('sync')).listRobots({ limit, offset })).data);
}

const idsOf = (robots: Robot[] | undefined) => (robots ?? []).flatMap((r) => (r.id ? [r.id] : []));
const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The cheap look: the newest page (where additions appear, the list being newest first) and
 * `total_count` (which moves on deletions). One call. An account of up to 100 robots is wholly in
 * that page, so the directory becomes exact; otherwise it says whether a full sweep is due.
 */
export async function checkHead(fetchPage: FetchRobotsPage): Promise<{ needsSweep: boolean }> {
  const head = await fetchPage(SWEEP_PAGE, 0);
  const robots = head.data ?? [];
  const total = head.pagination?.total_count ?? null;
  const now = new Date().toISOString();
  if (total !== null && total <= SWEEP_PAGE && robots.length === total) {
    await replaceDirectory(robots, now);
    await writeDirectoryStatus({ sweptAt: now, exact: true, checkedAt: now, totalCount: total });
    return { needsSweep: false };
  }
  await upsertRobots(robots, 0, { readAt: now });
  const status = await writeDirectoryStatus({ checkedAt: now, totalCount: total });
  return { needsSweep: status.sweptAt === null || (total !== null && total !== (await directorySize())) };
}

export type SweepResult = { calls: number; rounds: number; exact: boolean; count: number };

/**
 * Reads the whole list in pages of 100. Offsets shift while robots are added (everything moves
 * down: a robot is read twice, deduped by id) or deleted (everything moves up: one would be missed),
 * so the head is read again at the end: if it and `total_count` are as at the start, nothing moved
 * and the set read is exact; otherwise the sweep runs again, starting from that last look.
 */
export async function sweepDirectory(fetchPage: FetchRobotsPage, maxRounds = MAX_ROUNDS, pageSize = SWEEP_PAGE): Promise<SweepResult> {
  let calls = 0;
  let first = await fetchPage(pageSize, 0);
  calls += 1;
  for (let round = 1; ; round++) {
    const startTotal = first.pagination?.total_count ?? null;
    const startHead = idsOf(first.data);
    const seen = new Map<string, Robot>();
    const add = (robots: Robot[] | undefined) => {
      for (const robot of robots ?? []) if (robot.id && !seen.has(robot.id)) seen.set(robot.id, robot);
    };
    add(first.data);
    let batch = first.data ?? [];
    for (let offset = pageSize; startTotal !== null ? offset < startTotal : batch.length === pageSize; offset += pageSize) {
      const page = await fetchPage(pageSize, offset);
      calls += 1;
      batch = page.data ?? [];
      add(batch);
      if (batch.length === 0) break;
    }
    const end = await fetchPage(pageSize, 0);
    calls += 1;
    const endTotal = end.pagination?.total_count ?? null;
    const exact = endTotal === startTotal && sameIds(idsOf(end.data), startHead) && (startTotal === null || seen.size === startTotal);
    if (exact || round >= maxRounds) {
      const now = new Date().toISOString();
      await replaceDirectory([...seen.values()], now);
      await writeDirectoryStatus({ sweptAt: now, exact, checkedAt: now, totalCount: endTotal });
      return { calls, rounds: round, exact, count: seen.size };
    }
    first = end;
  }
}
