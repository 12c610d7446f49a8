import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import { CallBudgetSpentError } from '@/lib/connection/budget-error';
import { loadFailure, type Loaded } from '@/lib/connection/loaded';
import { mirrorStatus } from '@/lib/sync/status';
import {
  DIRECTORY_MIRROR,
  directoryRobot,
  directoryRobots,
  directoryStatus,
  forgetRobot,
  upsertRobots,
  type DirectoryRobot,
} from './directory';
import { refreshDirectory } from './directory-scheduler';
import { checkHead, pageLookSize } from './directory-sync';

/**
 * Robots for pages, from the directory, at a cost that does not grow with the account: a page
 * spends at most one or two calls to freshen what it shows, and none when the dashboard's share of
 * the call budget is spent (it then says how old the directory is).
 */
export type Freshness = { budgetSpent?: CallBudgetSpentError };

/**
 * The newest robots of the list: robots added since the last look appear at once, and `total_count`
 * shows deletions. An account of up to 100 robots is wholly in that look, so the directory becomes
 * exact; a larger one gets its newest 20 read (`pageLookSize`), and a background sweep when its count moved.
 */
export async function lookAtNewest(): Promise<Freshness & { changed: boolean }> {
  try {
    const { totalCount } = await mirrorStatus(DIRECTORY_MIRROR);
    const { needsSweep, changed } = await checkHead(
      async (limit, offset) => (await (await getPartnerClient('page')).listRobots({ limit, offset })).data,
      pageLookSize(totalCount),
    );
    if (needsSweep) void refreshDirectory({ forceSweep: true });
    return { changed };
  } catch (err) {
    if (err instanceof CallBudgetSpentError) return { budgetSpent: err, changed: false };
    throw err;
  }
}

export type Look = { ok: true; freshness: Freshness } | { ok: false; error: unknown };

/**
 * `read` (from the directory) while the look at the newest robots waits for the API, read again
 * only in the rare view where that look changed the directory. A failed look is the caller's to
 * show or to pass over: `data` is then what the directory held.
 */
export async function readBesideLook<T>(read: () => Promise<T>): Promise<{ look: Look; data: T }> {
  const first = read();
  first.catch(() => undefined);
  let look: Look;
  let changed = false;
  // Only the look's own failure is the look's: a failed read of the directory stays the read's.
  try {
    const { changed: moved, ...freshness } = await lookAtNewest();
    look = { ok: true, freshness };
    changed = moved;
  } catch (error) {
    look = { ok: false, error };
  }
  return { look, data: changed ? await read() : await first };
}

const AROUND = 10;

/**
 * One robot with its channels as the API gives them now: the small page of the list around the
 * robot's known place (one call), or the newest page when the directory does not know it yet. `data`
 * is null when the directory lacks it: whether that means "no such robot" depends on the directory being
 * complete (`directoryStatus().complete`).
 */
export async function loadRobot(
  robotId: string,
  options: { waitForSweep?: boolean } = {},
): Promise<Loaded<DirectoryRobot | null, Freshness>> {
  const known = await directoryRobot(robotId);
  try {
    if (known) {
      const offset = Math.max(0, known.position - AROUND);
      const page = (await (await getPartnerClient('page')).listRobots({ limit: AROUND * 2, offset })).data;
      const found = (page.data ?? []).find((r) => r.id === robotId);
      if (found) {
        const readAt = new Date().toISOString();
        const { changed } = await upsertRobots([found], offset + (page.data ?? []).indexOf(found), { refreshAll: true, readAt });
        // Unchanged, only its read time moved: the row known is the row stored.
        return { ok: true, data: changed ? ((await directoryRobot(robotId)) ?? known) : { ...known, readAt } };
      }
    }
    // A page that looks again by itself while a sweep reads the list leaves the finding to the sweep:
    // a look of its own every few seconds would take the sweep's share of the call budget.
    // Only while the directory is incomplete: a complete one must look before a page may say "no such robot".
    if (!known && options.waitForSweep) {
      const status = await directoryStatus();
      if (status.filling && !status.complete) return { ok: true, data: null };
    }
    // Unknown here, or moved: a robot added since the last look is on the newest page.
    const { budgetSpent } = await lookAtNewest();
    // A robot deleted elsewhere in a large account stays until the background sweep drops it.
    return { ok: true, data: (await directoryRobot(robotId)) ?? null, ...(budgetSpent && { budgetSpent }) };
  } catch (err) {
    if (err instanceof CallBudgetSpentError) return { ok: true, data: known ?? null, budgetSpent: err };
    return { ok: false, error: loadFailure(err) };
  }
}

export async function deleteRobot(robotId: string): Promise<void> {
  await (await getPartnerClient('change')).deleteRobot(robotId);
  await forgetRobot(robotId);
}

/** One robot by id from the directory (no call), or undefined when it does not know it. */
export function findRobot(robotId: string): Promise<DirectoryRobot | undefined> {
  return directoryRobot(robotId);
}

/**
 * Robot names by id, for pages that show robots met elsewhere (events, conversations). No call when
 * the directory knows them all; one look at the newest robots when one is new to it.
 */
export async function robotNamesById(ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  let known = await directoryRobots(wanted);
  if (known.size < wanted.length) {
    await lookAtNewest().catch(() => undefined);
    known = await directoryRobots(wanted);
  }
  return new Map([...known].map(([id, robot]) => [id, robot.name]));
}

/** The partner's own customer id per robot id, for reports that do not carry it (usage gives null). */
export async function externalIdsOf(robotIds: string[]): Promise<Map<string, string>> {
  return new Map(
    [...(await directoryRobots(robotIds))].flatMap(([id, robot]) => (robot.externalId ? [[id, robot.externalId] as [string, string]] : [])),
  );
}
