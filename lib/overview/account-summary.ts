import 'server-only';
import { count, sql } from 'drizzle-orm';
import { knownCapacity, openHandshakeCondition, type CapacityHint } from '@/lib/channels/memory';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { getDb, schema } from '@/lib/db';
import { DIRECTORY_MIRROR } from '@/lib/robots/directory';
import { isComplete, mirrorStatus } from '@/lib/sync/status';

/**
 * The account's robots and channels as the dashboard's own store holds them (the robot directory
 * and the handshakes it started): no call to the API, whatever the number of robots.
 */
export type AccountSummary = {
  robots: number;
  channels: { on: number; off: number; unknown: number };
  /** Robots with at least one channel off. */
  robotsWithChannelsOff: number;
  pendingHandshakes: { count: number; soonestExpiry: string | null };
  capacity: CapacityHint | null;
  /** Whether the directory has been read whole; until then the counts are of what was read. */
  directoryComplete: boolean;
  directoryTotal: number | null;
};

export async function accountSummary(): Promise<AccountSummary> {
  const db = await getDb();
  const channels = schema.robotDirectoryChannels;
  const [[robots], [byState], [handshakes], capacity, status] = await Promise.all([
    db.select({ n: count() }).from(schema.robotDirectory),
    db
      .select({
        on: sql<number>`count(*) filter (where ${channels.isActive} = true)`.mapWith(Number),
        off: sql<number>`count(*) filter (where ${channels.isActive} = false)`.mapWith(Number),
        unknown: sql<number>`count(*) filter (where ${channels.isActive} is null)`.mapWith(Number),
        robotsWithOff: sql<number>`count(distinct ${channels.robotId}) filter (where ${channels.isActive} = false)`.mapWith(Number),
      })
      .from(channels),
    db
      .select({ n: count(), soonest: sql<string | null>`min(${schema.handshakes.expiresAt})` })
      .from(schema.handshakes)
      .where(openHandshakeCondition(await serviceClockNow())),
    knownCapacity(),
    mirrorStatus(DIRECTORY_MIRROR),
  ]);
  return {
    robots: robots?.n ?? 0,
    channels: { on: byState?.on ?? 0, off: byState?.off ?? 0, unknown: byState?.unknown ?? 0 },
    robotsWithChannelsOff: byState?.robotsWithOff ?? 0,
    pendingHandshakes: { count: handshakes?.n ?? 0, soonestExpiry: handshakes?.soonest ?? null },
    capacity,
    directoryComplete: isComplete(status),
    directoryTotal: status.totalCount,
  };
}
