import 'server-only';
import { desc, eq, gt, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, schema } from '@/lib/db';
import { readSetting, writeSetting } from '@/lib/db/settings';
import type { ChannelSnapshotRow, HandshakeRow } from '@/lib/db/schema';
import type { Channel } from '@/lib/partner/schemas';

/**
 * What the dashboard remembers of channels between requests. The robots list only gives `id`,
 * `type` and `is_active`; the handle and "since when" are known only from what connect and PATCH
 * answered, so we keep those answers and show "unknown" for anything never seen.
 */
export async function rememberChannel(robotId: string, channel: Channel): Promise<void> {
  if (!channel.id) return;
  const row = {
    channelId: channel.id,
    robotId: channel.robot_id ?? robotId,
    type: channel.type ?? null,
    username: channel.username ?? null,
    status: channel.status ?? null,
    isActive: channel.is_active ?? null,
    connectedAt: channel.connected_at ?? null,
    observedAt: new Date().toISOString(),
  };
  // A later answer may omit fields an earlier one had: keep the known values.
  const db = await getDb();
  const [existing] = await db.select().from(schema.channelSnapshots).where(eq(schema.channelSnapshots.channelId, channel.id));
  const merged = existing
    ? {
        ...row,
        username: row.username ?? existing.username,
        connectedAt: row.connectedAt ?? existing.connectedAt,
        type: row.type ?? existing.type,
      }
    : row;
  await db.insert(schema.channelSnapshots).values(merged).onConflictDoUpdate({ target: schema.channelSnapshots.channelId, set: merged });
}

export async function channelSnapshots(robotId: string): Promise<Map<string, ChannelSnapshotRow>> {
  const rows = await (await getDb()).select().from(schema.channelSnapshots).where(eq(schema.channelSnapshots.robotId, robotId));
  return new Map(rows.map((r) => [r.channelId, r]));
}

export async function rememberHandshake(input: {
  robotId: string;
  channelId: string;
  authorisationUrl: string;
  expiresAt: string | null;
  startedBy: string;
}): Promise<void> {
  const row = { ...input, startedAt: new Date().toISOString() };
  await (await getDb()).insert(schema.handshakes).values(row).onConflictDoUpdate({ target: schema.handshakes.channelId, set: row });
}

/** The newest handshake we started on this robot, expired or not: the page decides what to say. */
export async function latestHandshake(robotId: string): Promise<HandshakeRow | undefined> {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.handshakes)
    .where(eq(schema.handshakes.robotId, robotId))
    .orderBy(desc(schema.handshakes.startedAt))
    .limit(1);
  return row;
}

/** Handshakes whose stated expiry (as the service wrote it) is after `now`, or who stated none. */
export function openHandshakeCondition(now: number) {
  return or(isNull(schema.handshakes.expiresAt), gt(schema.handshakes.expiresAt, new Date(now).toISOString()));
}

/** How long a handshake counts as open when the service's answer gave no `expires_at` (D9 sets 15 minutes). */
const UNKNOWN_EXPIRY_LIFETIME_MS = 60 * 60_000;

/**
 * A handshake we started ends at its `expires_at`; after it, nothing is done on its behalf (no API
 * call for its return link, no resume). Without a readable expiry it ends an hour after it started.
 */
export function handshakeExpired(row: Pick<HandshakeRow, 'expiresAt' | 'startedAt'>, now = Date.now()): boolean {
  const stated = row.expiresAt ? Date.parse(row.expiresAt) : Number.NaN;
  const endsAt = Number.isNaN(stated) ? Date.parse(row.startedAt) + UNKNOWN_EXPIRY_LIFETIME_MS : stated;
  // An unreadable start as well (a hand-edited row) counts as over.
  return !(now < endsAt);
}

/** The handshake we started for this channel, expired or not: callers check `handshakeExpired`. */
export async function handshakeOfChannel(channelId: string): Promise<HandshakeRow | undefined> {
  const [row] = await (await getDb()).select().from(schema.handshakes).where(eq(schema.handshakes.channelId, channelId));
  return row;
}

/** The handshake whose consent URL this is, if we started it. */
export async function handshakeByUrl(authorisationUrl: string): Promise<HandshakeRow | undefined> {
  const [row] = await (await getDb()).select().from(schema.handshakes).where(eq(schema.handshakes.authorisationUrl, authorisationUrl));
  return row;
}

export async function forgetHandshake(channelId: string): Promise<void> {
  await (await getDb()).delete(schema.handshakes).where(eq(schema.handshakes.channelId, channelId));
}

export async function forgetRobotHandshakes(robotId: string): Promise<void> {
  await (await getDb()).delete(schema.handshakes).where(eq(schema.handshakes.robotId, robotId));
}

const capacityHintSchema = z.object({
  capacity: z.number().int().nonnegative(),
  occupied: z.number().int().nonnegative(),
  observedAt: z.string(),
});
export type CapacityHint = z.infer<typeof capacityHintSchema>;
const CAPACITY_SETTING = 'capacity_hint';

/** The API never states the plan's capacity; the last `capacity_exhausted` details are our best knowledge. */
export async function rememberCapacity(details: Record<string, unknown>): Promise<CapacityHint | null> {
  const parsed = capacityHintSchema.omit({ observedAt: true }).safeParse(details);
  if (!parsed.success) return null;
  const hint = { ...parsed.data, observedAt: new Date().toISOString() };
  await writeSetting(CAPACITY_SETTING, JSON.stringify(hint));
  return hint;
}

export async function knownCapacity(): Promise<CapacityHint | null> {
  const stored = await readSetting(CAPACITY_SETTING);
  if (!stored) return null;
  const parsed = capacityHintSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}
