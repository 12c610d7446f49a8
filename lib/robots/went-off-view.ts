import 'server-only';
import { and, asc, eq, max, min, notInArray, sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { ChannelOffCause } from '@/lib/db/schema';

/** One cause of channels going off, as the overview lists it: one item, not one per channel. */
export type WentOffGroup = {
  cause: ChannelOffCause;
  channels: number;
  robots: number;
  /** When the first of them was seen off. */
  since: string;
  /** When a refusal confirmed the cause; null while it is only inferred. */
  confirmedAt: string | null;
  /** The first few, in the order a bulk re-enable takes them. */
  first: WentOffChannel[];
};

export type WentOffChannel = { channelId: string; robotId: string; robotName: string | null; externalId: string | null; type: string };

const CAUSE_ORDER: readonly ChannelOffCause[] = ['plan_lapsed', 'role_missing', 'unknown'];

const off = schema.channelsWentOff;
const robots = schema.robotDirectory;

/**
 * The order everything about these channels follows: the robots list's (newest robot first), then
 * the channel's id. The item shows its head and the bulk re-enable walks it, so what the item lists
 * first is turned on first.
 */
const LIST_ORDER = [asc(sql`coalesce(${robots.position}, 2147483647)`), asc(off.robotId), asc(off.channelId)];

/** `shown`: how many channels each group names. */
export async function wentOffGroups(shown = 5): Promise<WentOffGroup[]> {
  const db = await getDb();
  const totals = await db
    .select({
      cause: off.cause,
      channels: sql<number>`count(*)`.mapWith(Number),
      robots: sql<number>`count(distinct ${off.robotId})`.mapWith(Number),
      since: min(off.noticedAt),
      confirmedAt: max(off.confirmedAt),
    })
    .from(off)
    .groupBy(off.cause);
  const groups = await Promise.all(
    totals.map(async (total) => ({
      cause: total.cause,
      channels: total.channels,
      robots: total.robots,
      since: total.since ?? '',
      confirmedAt: total.confirmedAt,
      first: await wentOffChannels(total.cause, [], shown),
    })),
  );
  return groups.sort((a, b) => CAUSE_ORDER.indexOf(a.cause) - CAUSE_ORDER.indexOf(b.cause));
}

/** The channels still off for this cause, in list order, leaving out those already tried. */
export async function wentOffChannels(cause: ChannelOffCause, skip: string[], limit: number): Promise<WentOffChannel[]> {
  return (await getDb())
    .select({ channelId: off.channelId, robotId: off.robotId, robotName: robots.name, externalId: robots.externalId, type: off.type })
    .from(off)
    .leftJoin(robots, eq(robots.id, off.robotId))
    .where(and(eq(off.cause, cause), skip.length > 0 ? notInArray(off.channelId, skip) : undefined))
    .orderBy(...LIST_ORDER)
    .limit(limit);
}

export async function wentOffCount(cause: ChannelOffCause): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(off)
    .where(eq(off.cause, cause));
  return row?.n ?? 0;
}
