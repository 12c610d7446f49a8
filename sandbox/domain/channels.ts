import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import type { Db } from '../store/db';
import { oncePer } from '../store/prepared';
import { channelDisconnections, channels, handshakes, robots, type AccountRow, type ChannelRow } from '../store/schema';
import { activeChannelCount } from './accounts';
import { newId } from './ids';
import { isoOrNull, type ChannelType } from './vocabulary';

export interface NewChannel {
  robotId: string;
  type: ChannelType;
  isActive: boolean;
  username: string | null;
  /** Null only for a pending social_dm channel, which has not gone live. */
  connectedAt: number | null;
  /** A reconnected bot gets its old channel id back, so history keyed by it returns. */
  id?: string | undefined;
  botKey?: string | null | undefined;
  pending?: boolean | undefined;
}

function nextChannelSeq(ctx: SandboxContext): number {
  const row = ctx.store.db
    .select({ max: sql<number | null>`max(${channels.seq})` })
    .from(channels)
    .get();
  return (row?.max ?? 0) + 1;
}

/** D10: a live channel needs a free slot; capacity counts active channels only. */
export function assertCapacity(ctx: SandboxContext, account: AccountRow, requested = 1): void {
  const occupied = activeChannelCount(ctx, account.id);
  if (occupied + requested > account.capacity) {
    throw new ApiError('capacity_exhausted', 'The plan has no free channel slot.', {
      occupied,
      requested,
      capacity: account.capacity,
    });
  }
}

/** Inserts a connected (live) or disabled channel; callers check roles, plan and capacity first. */
export function insertChannel(ctx: SandboxContext, input: NewChannel): ChannelRow {
  const taken = ctx.store.db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.robotId, input.robotId), eq(channels.type, input.type)))
    .get();
  if (taken) {
    throw new ApiError('channel_type_taken', `The robot already holds a ${input.type} channel.`, {
      type: input.type,
      channel_id: taken.id,
    });
  }
  const row: ChannelRow = {
    id: input.id ?? newId.channel(),
    robotId: input.robotId,
    type: input.type,
    username: input.username,
    isActive: input.pending ? false : input.isActive,
    status: input.pending ? 'pending_authorisation' : input.isActive ? 'connected' : 'disabled',
    connectedAt: input.connectedAt,
    createdAt: ctx.clock.nowMs(),
    seq: nextChannelSeq(ctx),
    botKey: input.botKey ?? null,
  };
  ctx.store.db.insert(channels).values(row).run();
  return row;
}

/** Channels shown inside a robot: connected or disabled; an open handshake is not one yet. */
// On every robots page: prepared once per store, the ids passed as one JSON array whatever their number.
const channelsOfRobots = oncePer((db: Db) =>
  db
    .select()
    .from(channels)
    .where(
      and(
        inArray(channels.robotId, sql`(select value from json_each(${sql.placeholder('ids')}))`),
        ne(channels.status, 'pending_authorisation'),
      ),
    )
    .orderBy(asc(channels.seq))
    .prepare(),
);

export function summariesByRobot(ctx: SandboxContext, robotIds: string[]): Map<string, ChannelRow[]> {
  const byRobot = new Map<string, ChannelRow[]>();
  if (robotIds.length === 0) return byRobot;
  const rows = channelsOfRobots(ctx.store.db).all({ ids: JSON.stringify(robotIds) });
  for (const row of rows) {
    const list = byRobot.get(row.robotId) ?? [];
    list.push(row);
    byRobot.set(row.robotId, list);
  }
  return byRobot;
}

export function channelSummary(row: ChannelRow) {
  return { id: row.id, type: row.type, is_active: row.isActive };
}

export function channelView(row: ChannelRow) {
  return {
    id: row.id,
    type: row.type,
    robot_id: row.robotId,
    username: row.username,
    is_active: row.isActive,
    status: row.status,
    connected_at: isoOrNull(row.connectedAt),
  };
}

/**
 * Panel disconnect (D24). A bot's channel is remembered so that reconnecting the same bot to the
 * same robot restores its id, and with it the history stored under that id; a pending social_dm
 * channel takes its open handshake with it.
 */
export function deleteChannel(ctx: SandboxContext, channelId: string): void {
  ctx.store.transaction(() => {
    const row = ctx.store.db.select().from(channels).where(eq(channels.id, channelId)).get();
    if (!row) throw notFound('channel');
    if (row.botKey !== null) {
      ctx.store.db
        .insert(channelDisconnections)
        .values({
          channelId: row.id,
          robotId: row.robotId,
          type: row.type,
          botKey: row.botKey,
          username: row.username,
          disconnectedAt: ctx.clock.nowMs(),
        })
        .onConflictDoNothing()
        .run();
    }
    if (row.status === 'pending_authorisation') {
      ctx.store.db
        .delete(handshakes)
        .where(and(eq(handshakes.channelId, row.id), isNull(handshakes.outcome)))
        .run();
    }
    ctx.store.db.delete(channels).where(eq(channels.id, channelId)).run();
  });
}

export function findChannelOfAccount(ctx: SandboxContext, accountId: string, channelId: string) {
  return ctx.store.db
    .select({ channel: channels })
    .from(channels)
    .innerJoin(robots, eq(robots.id, channels.robotId))
    .where(and(eq(channels.id, channelId), eq(robots.accountId, accountId)))
    .get()?.channel;
}
