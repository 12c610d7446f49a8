import 'server-only';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { getDb, schema, type DashboardDb, type DashboardTx } from '@/lib/db';
import type { RobotDirectoryRow } from '@/lib/db/schema';
import { channelStatesOf, forgetWentOff, forgetWentOffOf, inferWentOffCauses, noteChannelChanges } from './went-off';
import type { Channel, ChannelSummary, Robot } from '@/lib/partner/schemas';
import { fillUnderWay, isComplete, mirrorStatus } from '@/lib/sync/status';

/**
 * The robot directory: the robots list as the dashboard last read it, kept in its own database so
 * that no page walks the list (an account can hold tens of thousands of robots). The sync keeps it
 * fresh; our own changes (delete, connect, enable, disable) are written here at once.
 */
export type DirectoryRobot = {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: string | null;
  position: number;
  channels: ChannelSummary[];
  readAt: string;
};

/** The directory's key among the mirrors (lib/sync). */
export const DIRECTORY_MIRROR = 'robots';

export type DirectoryStatus = {
  /** When a full sweep last finished; null until the first one has. */
  sweptAt: string | null;
  /** Whether that sweep ended with the exact set (nothing moved under it). */
  exact: boolean;
  checkedAt: string | null;
  /** `total_count` as last seen. */
  totalCount: number | null;
  /**
   * A sweep has been swapped in and no look since found the list to differ: only then may a page
   * say that a robot the directory lacks does not exist.
   */
  complete: boolean;
  /** The sweep under way: robots read of the total the API gave. */
  filling: { itemsRead: number; totalCount: number | null } | null;
};

export async function directoryStatus(): Promise<DirectoryStatus> {
  const status = await mirrorStatus(DIRECTORY_MIRROR);
  const fill = fillUnderWay(status);
  return {
    sweptAt: status.completedAt,
    exact: status.verified,
    checkedAt: status.lookedAt,
    totalCount: status.totalCount,
    complete: isComplete(status),
    filling: fill && { itemsRead: fill.itemsRead, totalCount: fill.totalCount ?? status.totalCount },
  };
}

function toRow(robot: Robot & { id: string }, position: number, readAt: string): RobotDirectoryRow {
  const name = robot.name ?? robot.id;
  return {
    id: robot.id,
    name,
    nameKey: name.toLowerCase(),
    externalId: robot.external_id ?? null,
    createdAt: robot.created_at ?? null,
    position,
    channels: JSON.stringify(robot.channels ?? []),
    readAt,
  };
}

export function fromRow(row: RobotDirectoryRow): DirectoryRobot {
  let channels: ChannelSummary[] = [];
  try {
    channels = JSON.parse(row.channels) as ChannelSummary[];
  } catch {
    // A row we wrote ourselves; unreadable only if the database was edited by hand.
  }
  return {
    id: row.id,
    name: row.name,
    externalId: row.externalId,
    createdAt: row.createdAt,
    position: row.position,
    channels,
    readAt: row.readAt,
  };
}

/** PostgreSQL caps bound parameters per statement (65,535): rows go in chunks well below it. */
const CHUNK = 500;

const sameContent = (a: RobotDirectoryRow, b: RobotDirectoryRow) =>
  a.name === b.name &&
  a.externalId === b.externalId &&
  a.createdAt === b.createdAt &&
  a.position === b.position &&
  a.channels === b.channels;

type ReadRobot = { robot: Robot & { id: string }; row: RobotDirectoryRow };

/** The robots read whose row would change: new ones, and those whose name, place or channels moved. */
async function changedOnly(store: DashboardDb | DashboardTx, read: ReadRobot[]): Promise<ReadRobot[]> {
  const ids = read.map(({ row }) => row.id);
  const stored = new Map(
    (await store.select().from(schema.robotDirectory).where(inArray(schema.robotDirectory.id, ids))).map((r) => [r.id, r]),
  );
  return read.filter(({ row }) => {
    const before = stored.get(row.id);
    return !before || !sameContent(before, row);
  });
}

/** Whether any robot read would change its row: asked outside a transaction, as nearly always none would. */
async function anyChanged(db: DashboardDb, rows: { robot: Robot & { id: string }; position: number }[], readAt: string): Promise<boolean> {
  const read = rows.map(({ robot, position }) => ({ robot, row: toRow(robot, position, readAt) }));
  return (await changedOnly(db, read)).length > 0;
}

/**
 * Writes the robots read, and returns how many of their channels went off by the service's doing.
 * Every page view looks at the newest page, which is nearly always as it
 * was: rewriting its 100 rows each time was most of the robots page's cost, so unchanged rows are
 * left, unless `refreshAll` (a read whose time a page shows: one robot's "checked at").
 */
async function writeRobots(
  tx: DashboardTx,
  robots: { robot: Robot & { id: string }; position: number }[],
  readAt: string,
  refreshAll = false,
): Promise<number> {
  let wentOff = 0;
  for (let i = 0; i < robots.length; i += CHUNK) {
    const read = robots.slice(i, i + CHUNK).map(({ robot, position }) => ({ robot, row: toRow(robot, position, readAt) }));
    const chunk = refreshAll ? read : await changedOnly(tx, read);
    const rows = chunk.map(({ row }) => row);
    if (rows.length === 0) continue;
    await tx
      .insert(schema.robotDirectory)
      .values(rows)
      .onConflictDoUpdate({
        target: schema.robotDirectory.id,
        set: {
          name: sql`excluded.name`,
          nameKey: sql`excluded.name_key`,
          externalId: sql`excluded.external_id`,
          createdAt: sql`excluded.created_at`,
          position: sql`excluded.position`,
          channels: sql`excluded.channels`,
          readAt: sql`excluded.read_at`,
        },
      });
    const ids = chunk.map(({ robot }) => robot.id);
    const before = await channelStatesOf(tx, ids);
    await tx.delete(schema.robotDirectoryChannels).where(inArray(schema.robotDirectoryChannels.robotId, ids));
    const channels = chunk.flatMap(({ robot }) =>
      (robot.channels ?? []).flatMap((c) =>
        c.id && c.type ? [{ channelId: c.id, robotId: robot.id, type: c.type, isActive: c.is_active ?? null }] : [],
      ),
    );
    if (channels.length > 0) await tx.insert(schema.robotDirectoryChannels).values(channels).onConflictDoNothing();
    wentOff += await noteChannelChanges(tx, before, channels, readAt);
  }
  return wentOff;
}

const hasId = (robot: Robot): robot is Robot & { id: string } => typeof robot.id === 'string' && robot.id !== '';

/** A robot that moved between two pages of a read can appear twice: its later place wins (one statement cannot upsert a row twice). */
function dedupe<T extends { robot: { id: string } }>(rows: T[]): T[] {
  return [...new Map(rows.map((r) => [r.robot.id, r])).values()];
}

/** Robots read from one page of the list, `offset` being where that page starts. */
export async function upsertRobots(
  robots: Robot[],
  offset: number,
  options: { readAt?: string; refreshAll?: boolean } = {},
): Promise<{ wentOff: number; changed: boolean }> {
  const rows = dedupe(robots.flatMap((robot, i) => (hasId(robot) ? [{ robot, position: offset + i }] : [])));
  const readAt = options.readAt ?? new Date().toISOString();
  if (rows.length === 0) return { wentOff: 0, changed: false };
  const db = await getDb();
  // Every view looks at the newest page (or one robot), nearly always as it was: asked first
  // outside a transaction, an unchanged read costs one statement, or two where the page shows the
  // time it was read. A change is checked again inside the transaction.
  if (rows.length <= CHUNK && !(await anyChanged(db, rows, readAt))) {
    if (options.refreshAll) {
      const ids = rows.map(({ robot }) => robot.id);
      await db.update(schema.robotDirectory).set({ readAt }).where(inArray(schema.robotDirectory.id, ids));
    }
    return { wentOff: 0, changed: false };
  }
  const wentOff = await db.transaction((tx) => writeRobots(tx, rows, readAt, options.refreshAll));
  if (wentOff > 0) await inferWentOffCauses();
  return { wentOff, changed: true };
}

/** A finished sweep: exactly these robots, in this order, and no others. Says whether that changed anything. */
export async function replaceDirectory(robots: Robot[], readAt: string): Promise<boolean> {
  const rows = dedupe(robots.filter(hasId).map((robot, position) => ({ robot, position })));
  const keep = new Set(rows.map((r) => r.robot.id));
  const db = await getDb();
  // An account of up to 100 robots is replaced on every look at its one page, nearly always as it
  // was: when every robot is there unchanged and there are no others, there is nothing to write.
  if (rows.length <= CHUNK) {
    const [changed, size] = await Promise.all([anyChanged(db, rows, readAt), directorySize()]);
    if (!changed && size === rows.length) return false;
  }
  await db.transaction(async (tx) => {
    await writeRobots(tx, rows, readAt);
    const stale = (await tx.select({ id: schema.robotDirectory.id }).from(schema.robotDirectory))
      .filter((r) => !keep.has(r.id))
      .map((r) => r.id);
    for (let i = 0; i < stale.length; i += CHUNK) {
      const chunk = stale.slice(i, i + CHUNK);
      await tx.delete(schema.robotDirectory).where(inArray(schema.robotDirectory.id, chunk));
      await tx.delete(schema.robotDirectoryChannels).where(inArray(schema.robotDirectoryChannels.robotId, chunk));
      await forgetWentOffOf(tx, chunk);
    }
  });
  await inferWentOffCauses();
  return true;
}

export async function directoryRobot(robotId: string): Promise<DirectoryRobot | undefined> {
  const [row] = await (await getDb()).select().from(schema.robotDirectory).where(eq(schema.robotDirectory.id, robotId));
  return row ? fromRow(row) : undefined;
}

export async function directoryRobots(ids: string[]): Promise<Map<string, DirectoryRobot>> {
  const found = new Map<string, DirectoryRobot>();
  const db = await getDb();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select()
      .from(schema.robotDirectory)
      .where(inArray(schema.robotDirectory.id, ids.slice(i, i + CHUNK)));
    for (const row of rows) found.set(row.id, fromRow(row));
  }
  return found;
}

export async function directorySize(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(schema.robotDirectory);
  return row?.n ?? 0;
}

/** Our own delete: gone from the directory at once. */
export async function forgetRobot(robotId: string): Promise<void> {
  await (
    await getDb()
  ).transaction(async (tx) => {
    await tx.delete(schema.robotDirectory).where(eq(schema.robotDirectory.id, robotId));
    await tx.delete(schema.robotDirectoryChannels).where(eq(schema.robotDirectoryChannels.robotId, robotId));
    await forgetWentOffOf(tx, [robotId]);
  });
}

/** Our own connect, enable or disable: the channel as the API answered it. */
export async function noteChannel(robotId: string, channel: Channel): Promise<void> {
  if (!channel.id) return;
  const row = await directoryRobot(robotId);
  if (!row) return;
  const summary: ChannelSummary = { id: channel.id, type: channel.type ?? null, is_active: channel.is_active ?? null };
  const channels = row.channels.some((c) => c.id === channel.id)
    ? row.channels.map((c) => (c.id === channel.id ? { ...c, ...summary } : c))
    : [...row.channels, summary];
  await (
    await getDb()
  ).transaction(async (tx) => {
    await tx
      .update(schema.robotDirectory)
      .set({ channels: JSON.stringify(channels) })
      .where(eq(schema.robotDirectory.id, robotId));
    await tx
      .delete(schema.robotDirectoryChannels)
      .where(and(eq(schema.robotDirectoryChannels.robotId, robotId), eq(schema.robotDirectoryChannels.channelId, channel.id ?? '')));
    if (summary.type)
      await tx
        .insert(schema.robotDirectoryChannels)
        .values({ channelId: channel.id ?? '', robotId, type: summary.type, isActive: summary.is_active ?? null });
    if (summary.is_active) await forgetWentOff(tx, channel.id ?? '');
  });
}

/** Active channels across the account: what capacity counts (D10). */
export async function activeChannelCount(): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(schema.robotDirectoryChannels)
    .where(eq(schema.robotDirectoryChannels.isActive, true));
  return row?.n ?? 0;
}
