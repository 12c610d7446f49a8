import 'server-only';
import { and, count, eq, inArray } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { RobotDirectoryRow } from '@/lib/db/schema';
import { readSetting, writeSetting } from '@/lib/db/settings';
import type { Channel, ChannelSummary, Robot } from '@/lib/partner/schemas';

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

export type DirectoryStatus = {
  /** When a full sweep last finished; null until the first one has. */
  sweptAt: string | null;
  /** Whether that sweep ended with the exact set (nothing moved under it). */
  exact: boolean;
  checkedAt: string | null;
  /** `total_count` as last seen. */
  totalCount: number | null;
};

const STATUS_SETTING = 'robot_directory_status';
const NO_STATUS: DirectoryStatus = { sweptAt: null, exact: false, checkedAt: null, totalCount: null };

export function directoryStatus(): DirectoryStatus {
  const raw = readSetting(STATUS_SETTING);
  if (!raw) return NO_STATUS;
  try {
    return { ...NO_STATUS, ...(JSON.parse(raw) as Partial<DirectoryStatus>) };
  } catch {
    return NO_STATUS;
  }
}

export function writeDirectoryStatus(change: Partial<DirectoryStatus>): void {
  writeSetting(STATUS_SETTING, JSON.stringify({ ...directoryStatus(), ...change }));
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

type Tx = Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0];

function writeRobots(tx: Tx, robots: { robot: Robot & { id: string }; position: number }[], readAt: string): void {
  for (const { robot, position } of robots) {
    const row = toRow(robot, position, readAt);
    tx.insert(schema.robotDirectory).values(row).onConflictDoUpdate({ target: schema.robotDirectory.id, set: row }).run();
    tx.delete(schema.robotDirectoryChannels).where(eq(schema.robotDirectoryChannels.robotId, robot.id)).run();
    const channels = (robot.channels ?? []).flatMap((c) =>
      c.id && c.type ? [{ channelId: c.id, robotId: robot.id, type: c.type, isActive: c.is_active ?? null }] : [],
    );
    if (channels.length > 0) tx.insert(schema.robotDirectoryChannels).values(channels).run();
  }
}

const hasId = (robot: Robot): robot is Robot & { id: string } => typeof robot.id === 'string' && robot.id !== '';

/** Robots read from one page of the list, `offset` being where that page starts. */
export function upsertRobots(robots: Robot[], offset: number, readAt = new Date().toISOString()): void {
  const rows = robots.flatMap((robot, i) => (hasId(robot) ? [{ robot, position: offset + i }] : []));
  getDb().transaction((tx) => writeRobots(tx, rows, readAt));
}

/** A finished sweep: exactly these robots, in this order, and no others. */
export function replaceDirectory(robots: Robot[], readAt: string): void {
  const rows = robots.filter(hasId).map((robot, position) => ({ robot, position }));
  const ids = rows.map((r) => r.robot.id);
  getDb().transaction((tx) => {
    writeRobots(tx, rows, readAt);
    // In chunks: SQLite caps the number of bound parameters in one statement.
    const keep = new Set(ids);
    const stale = tx
      .select({ id: schema.robotDirectory.id })
      .from(schema.robotDirectory)
      .all()
      .filter((r) => !keep.has(r.id))
      .map((r) => r.id);
    for (let i = 0; i < stale.length; i += 500) {
      const chunk = stale.slice(i, i + 500);
      tx.delete(schema.robotDirectory).where(inArray(schema.robotDirectory.id, chunk)).run();
      tx.delete(schema.robotDirectoryChannels).where(inArray(schema.robotDirectoryChannels.robotId, chunk)).run();
    }
  });
}

export function directoryRobot(robotId: string): DirectoryRobot | undefined {
  const row = getDb().select().from(schema.robotDirectory).where(eq(schema.robotDirectory.id, robotId)).get();
  return row ? fromRow(row) : undefined;
}

export function directoryRobots(ids: string[]): Map<string, DirectoryRobot> {
  const found = new Map<string, DirectoryRobot>();
  // In chunks: SQLite caps the number of bound parameters in one statement.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = getDb()
      .select()
      .from(schema.robotDirectory)
      .where(inArray(schema.robotDirectory.id, ids.slice(i, i + 500)))
      .all();
    for (const row of rows) found.set(row.id, fromRow(row));
  }
  return found;
}

export function directorySize(): number {
  return getDb().select({ n: count() }).from(schema.robotDirectory).get()?.n ?? 0;
}

/** Our own delete: gone from the directory at once. */
export function forgetRobot(robotId: string): void {
  getDb().transaction((tx) => {
    tx.delete(schema.robotDirectory).where(eq(schema.robotDirectory.id, robotId)).run();
    tx.delete(schema.robotDirectoryChannels).where(eq(schema.robotDirectoryChannels.robotId, robotId)).run();
  });
}

/** Our own connect, enable or disable: the channel as the API answered it. */
export function noteChannel(robotId: string, channel: Channel): void {
  if (!channel.id) return;
  const row = directoryRobot(robotId);
  if (!row) return;
  const summary: ChannelSummary = { id: channel.id, type: channel.type ?? null, is_active: channel.is_active ?? null };
  const channels = row.channels.some((c) => c.id === channel.id)
    ? row.channels.map((c) => (c.id === channel.id ? { ...c, ...summary } : c))
    : [...row.channels, summary];
  getDb().transaction((tx) => {
    tx.update(schema.robotDirectory)
      .set({ channels: JSON.stringify(channels) })
      .where(eq(schema.robotDirectory.id, robotId))
      .run();
    tx.delete(schema.robotDirectoryChannels)
      .where(and(eq(schema.robotDirectoryChannels.robotId, robotId), eq(schema.robotDirectoryChannels.channelId, channel.id ?? '')))
      .run();
    if (summary.type)
      tx.insert(schema.robotDirectoryChannels)
        .values({ channelId: channel.id ?? '', robotId, type: summary.type, isActive: summary.is_active ?? null })
        .run();
  });
}

/** Active channels across the account: what capacity counts (D10). */
export function activeChannelCount(): number {
  return (
    getDb().select({ n: count() }).from(schema.robotDirectoryChannels).where(eq(schema.robotDirectoryChannels.isActive, true)).get()?.n ?? 0
  );
}
