import 'server-only';
import type { Robot } from '@/lib/partner/schemas';
import { getPartnerClient } from './partner';

const PAGE = 100;
// A safety stop for an account far larger than a dashboard page should walk through.
const MAX_PAGES = 50;

/**
 * The API has no "get one robot" route, so a robot is found by walking the list. The same walk
 * counts the account's active channels, which is what capacity is measured in (D10).
 */
export async function loadAllRobots(): Promise<Robot[]> {
  const client = getPartnerClient();
  const robots: Robot[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const { data } = await client.listRobots({ limit: PAGE, offset: page * PAGE });
    const batch = data.data ?? [];
    robots.push(...batch);
    const more = data.pagination?.has_more ?? batch.length === PAGE;
    if (!more || batch.length === 0) break;
  }
  return robots;
}

export function countActiveChannels(robots: Robot[]): number {
  return robots.reduce((n, r) => n + (r.channels ?? []).filter((c) => c.is_active === true).length, 0);
}
