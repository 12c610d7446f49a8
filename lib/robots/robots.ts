import 'server-only';
import { getPartnerClient } from '@/lib/connection/client';
import type { Robot, RobotList } from '@/lib/partner/schemas';
import { walkPages } from '@/lib/partner/walk-pages';

/**
 * The API has no "get one robot" route, so a robot is found by walking the list. The same walk
 * counts the account's active channels, which is what capacity is measured in (D10).
 */
export async function loadAllRobots(): Promise<Robot[]> {
  const client = getPartnerClient();
  const { items } = await walkPages<Robot, RobotList>(async (limit, offset) => (await client.listRobots({ limit, offset })).data);
  return items;
}

/** One robot by id, or undefined when the account has none with it. */
export async function findRobot(robotId: string): Promise<Robot | undefined> {
  return (await loadAllRobots()).find((r) => r.id === robotId);
}

/** Robot names by id, for pages that show robots met elsewhere (events, conversations); empty when the list cannot be read. */
export async function robotNamesById(): Promise<Map<string, string>> {
  try {
    return new Map((await loadAllRobots()).flatMap((r) => (r.id && r.name ? [[r.id, r.name] as [string, string]] : [])));
  } catch {
    return new Map();
  }
}

/** One page of the robots list, newest first, as the API pages it. */
export async function loadRobotsPage(page: number, pageSize: number): Promise<RobotList> {
  return (await getPartnerClient().listRobots({ limit: pageSize, offset: (page - 1) * pageSize })).data;
}

export async function deleteRobot(robotId: string): Promise<void> {
  await getPartnerClient().deleteRobot(robotId);
}

/** The partner's own customer id per robot id, for reports that do not carry it. */
export function externalIdsOf(robots: Robot[]): Map<string, string> {
  return new Map(robots.flatMap((r) => (r.id && r.external_id ? [[r.id, r.external_id] as [string, string]] : [])));
}

export function countActiveChannels(robots: Robot[]): number {
  return robots.reduce((n, r) => n + (r.channels ?? []).filter((c) => c.is_active === true).length, 0);
}
