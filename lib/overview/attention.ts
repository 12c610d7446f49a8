import 'server-only';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { openHandshakeCondition } from '@/lib/channels/memory';
import { keyRefusal, type KeyRefusal } from '@/lib/connection/key-health';
import { isRunning, reenableRun, type ReenableRun } from '@/lib/channels/reenable-job';
import { budgetState } from '@/lib/connection/budget';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { getDb, schema } from '@/lib/db';
import { latestByKey } from '@/lib/sync/latest-memo';
import { wentOffGroups, type WentOffGroup } from '@/lib/robots/went-off-view';
import type { FailingStreak } from '@/lib/webhook-health/failing-rule';
import { endpointHealthState } from '@/lib/webhook-health/state';

/**
 * What needs someone's attention, from what the dashboard already holds (its store: the receiver's
 * events, the handshakes it started, the key's last refusal): no call to the API. Ranked by what
 * each costs the partner's customers, worst first (docs/dashboard/overview.md).
 */
export type AttentionItem =
  | { kind: 'key_refused'; refusal: KeyRefusal }
  | { kind: 'deliveries_failing'; streak: FailingStreak; sampled: boolean }
  | { kind: 'channels_off'; groups: WentOffGroup[]; run: ReenableRun | null; running: boolean; callsPerMinute: number }
  | { kind: 'replies_failed'; total: number; groups: FailedReplies[] }
  | { kind: 'silence'; robots: SilentRobot[]; account: SilentRobot | null }
  | { kind: 'handshakes_pending'; total: number; handshakes: PendingHandshake[] };

export type FailedReplies = {
  robotId: string;
  robotName: string | null;
  reason: string;
  count: number;
  conversations: string[];
  /** The customers (`external_id`) hit, the first few, and how many in all. */
  customers: string[];
  customerCount: number;
};
export type SilentRobot = {
  robotId: string | null;
  robotName: string | null;
  externalId: string | null;
  lastEventAt: string;
  hourlyAverage: number;
};
export type PendingHandshake = { channelId: string; robotId: string; robotName: string | null; expiresAt: string | null };

const HOUR_MS = 3_600_000;
/** A robot is silent after 2 hours without an event where the last 7 days averaged more than 20 an hour. */
export const SILENCE = { quietMs: 2 * HOUR_MS, historyMs: 7 * 24 * HOUR_MS, minHourly: 20 } as const;
const SHOWN = 5;

/** `shown`: how many robots, conversations or channels each item names (the alerts name more). */
export async function attentionItems(wall = Date.now(), shown = SHOWN): Promise<AttentionItem[]> {
  const { now, newest } = await serviceNow(wall);
  // Replies and silence scan a day and a week of events: they change only when an event arrives or
  // the minute turns, so each process computes them once per newest event and minute.
  const fromEvents = latestByKey(`attention-events:${shown}`, `${newest}|${Math.floor(now / 60_000)}`, () =>
    Promise.all([failedReplies(now, shown), silentRobots(now, shown)]),
  );
  const [refusal, health, wentOff, run, budget, [replies, silence], handshakes] = await Promise.all([
    keyRefusal(),
    endpointHealthState(),
    wentOffGroups(shown),
    reenableRun(),
    budgetState(),
    fromEvents,
    pendingHandshakes(now, shown),
  ]);
  const items: AttentionItem[] = [];
  if (refusal) items.push({ kind: 'key_refused', refusal });
  if (health?.failing) items.push({ kind: 'deliveries_failing', streak: health.failing, sampled: health.sampled });
  if (wentOff.length > 0)
    items.push({ kind: 'channels_off', groups: wentOff, run, running: isRunning(run, wall), callsPerMinute: budget.syncAllowance });
  if (replies.total > 0) items.push({ kind: 'replies_failed', ...replies });
  if (silence.robots.length > 0 || silence.account) items.push({ kind: 'silence', ...silence });
  if (handshakes.total > 0) items.push({ kind: 'handshakes_pending', ...handshakes });
  return items;
}

/**
 * The windows' "now": the service's clock (its answers' `Date`, or its newest event) when that runs
 * ahead of ours (the sandbox's clock can be advanced; a real service's agrees with ours), so an
 * advance shows here as it would after the time had passed.
 */
async function serviceNow(wall: number): Promise<{ now: number; newest: string | null }> {
  const [row] = await (
    await getDb()
  )
    .select({ newest: sql<string | null>`max(${schema.webhookEvents.occurredAt})` })
    .from(schema.webhookEvents)
    .where(eq(schema.webhookEvents.isTest, false));
  const newest = row?.newest ? Date.parse(row.newest) : Number.NaN;
  const serviceClock = await serviceClockNow(wall);
  return { now: Number.isNaN(newest) ? serviceClock : Math.max(serviceClock, newest), newest: row?.newest ?? null };
}

type Named = { name: string; externalId: string | null };

async function robotNames(ids: string[]): Promise<Map<string, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await (
    await getDb()
  )
    .select({ id: schema.robotDirectory.id, name: schema.robotDirectory.name, externalId: schema.robotDirectory.externalId })
    .from(schema.robotDirectory)
    .where(inArray(schema.robotDirectory.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Replies that never reached the customer in the last 24 hours, by robot and reason. */
async function failedReplies(now: number, shown: number): Promise<{ total: number; groups: FailedReplies[] }> {
  const events = schema.webhookEvents;
  const reason = sql<string>`coalesce((${events.payload}::jsonb)->'data'->>'reason', 'unknown')`;
  const rows = await (
    await getDb()
  )
    .select({
      robotId: events.robotId,
      reason,
      count: sql<number>`count(*)`.mapWith(Number),
      conversations: sql<
        string[]
      >`(array_agg(distinct ${events.conversationId}) filter (where ${events.conversationId} is not null))[1:${shown}]`,
      customers: sql<string[]>`(array_agg(distinct ${events.externalId}) filter (where ${events.externalId} is not null))[1:${shown}]`,
      customerCount: sql<number>`count(distinct ${events.externalId})`.mapWith(Number),
    })
    .from(events)
    .where(
      and(eq(events.type, 'message.failed'), eq(events.isTest, false), gt(events.occurredAt, new Date(now - 24 * HOUR_MS).toISOString())),
    )
    .groupBy(events.robotId, reason)
    .orderBy(sql`count(*) desc`);
  const names = await robotNames(rows.flatMap((row) => (row.robotId ? [row.robotId] : [])));
  const groups = rows.map((row) => ({
    robotId: row.robotId ?? '',
    robotName: row.robotId ? (names.get(row.robotId)?.name ?? null) : null,
    reason: row.reason,
    count: row.count,
    conversations: row.conversations ?? [],
    customers: row.customers ?? [],
    customerCount: row.customerCount,
  }));
  return { total: groups.reduce((n, group) => n + group.count, 0), groups: groups.slice(0, shown) };
}

/** Robots, and the account as a whole, that went quiet after a busy week: a quiet endpoint fails no delivery. */
async function silentRobots(now: number, shown: number): Promise<{ robots: SilentRobot[]; account: SilentRobot | null }> {
  const events = schema.webhookEvents;
  const since = new Date(now - SILENCE.historyMs).toISOString();
  const quietSince = new Date(now - SILENCE.quietMs).toISOString();
  const busy = SILENCE.minHourly * (SILENCE.historyMs / HOUR_MS);
  const db = await getDb();
  const base = and(eq(events.isTest, false), gt(events.occurredAt, since));
  const [perRobot, [whole]] = await Promise.all([
    db
      .select({ robotId: events.robotId, n: sql<number>`count(*)`.mapWith(Number), last: sql<string>`max(${events.occurredAt})` })
      .from(events)
      .where(and(base, isNotNull(events.robotId)))
      .groupBy(events.robotId)
      .having(sql`count(*) > ${busy} and max(${events.occurredAt}) < ${quietSince}`)
      .orderBy(sql`count(*) desc`)
      .limit(shown),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${events.occurredAt})` })
      .from(events)
      .where(base),
  ]);
  const names = await robotNames(perRobot.flatMap((row) => (row.robotId ? [row.robotId] : [])));
  const hourly = (n: number) => Math.round(n / (SILENCE.historyMs / HOUR_MS));
  const account =
    whole && whole.last !== null && whole.n > busy && whole.last < quietSince
      ? { robotId: null, robotName: null, externalId: null, lastEventAt: whole.last, hourlyAverage: hourly(whole.n) }
      : null;
  return {
    robots: perRobot.map((row) => ({
      robotId: row.robotId,
      robotName: row.robotId ? (names.get(row.robotId)?.name ?? null) : null,
      externalId: row.robotId ? (names.get(row.robotId)?.externalId ?? null) : null,
      lastEventAt: row.last,
      hourlyAverage: hourly(row.n),
    })),
    account,
  };
}

/** Handshakes not yet expired by the service's clock (one without a stated expiry counts as open). */
async function pendingHandshakes(now: number, shown: number): Promise<{ total: number; handshakes: PendingHandshake[] }> {
  const h = schema.handshakes;
  // The count of every open one rides on the rows shown (a window is counted before the limit): one statement, not two.
  const rows = await (
    await getDb()
  )
    .select({ channelId: h.channelId, robotId: h.robotId, expiresAt: h.expiresAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(h)
    .where(openHandshakeCondition(now))
    .orderBy(asc(h.expiresAt))
    .limit(shown);
  const total = rows[0]?.total ?? 0;
  const names = await robotNames(rows.map((row) => row.robotId));
  return {
    total,
    handshakes: rows.map(({ channelId, robotId, expiresAt }) => ({
      channelId,
      robotId,
      expiresAt,
      robotName: names.get(robotId)?.name ?? null,
    })),
  };
}
