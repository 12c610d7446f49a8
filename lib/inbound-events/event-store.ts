import 'server-only';
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { WebhookEventRow } from '@/lib/db/schema';

export { storeWebhookEvent } from './event-batch';

export type EventFilter = { type?: string; robotId?: string; conversationId?: string; includeTests?: boolean };

export async function listWebhookEvents(
  filter: EventFilter,
  limit: number,
  offset: number,
): Promise<{ rows: WebhookEventRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(schema.webhookEvents.type, filter.type));
  if (filter.robotId) conditions.push(eq(schema.webhookEvents.robotId, filter.robotId));
  if (filter.conversationId) conditions.push(eq(schema.webhookEvents.conversationId, filter.conversationId));
  if (!filter.includeTests) conditions.push(eq(schema.webhookEvents.isTest, false));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.webhookEvents)
    .where(where)
    .orderBy(desc(schema.webhookEvents.receivedAt), desc(schema.webhookEvents.seq))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(schema.webhookEvents).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function distinctEventTypes(): Promise<string[]> {
  const rows = await (await getDb()).selectDistinct({ type: schema.webhookEvents.type }).from(schema.webhookEvents);
  return rows.map((r) => r.type).sort();
}

export type ConversationSummary = {
  conversationId: string;
  robotId: string | null;
  externalId: string | null;
  events: number;
  lastType: string;
  lastAt: string;
};

const events = schema.webhookEvents;

/**
 * Within one instant a conversation's start comes before anything else in it and its close after:
 * the sandbox stamps chat.started with its first message's time, and messages posted together share one.
 */
const lifecycleRank = sql<number>`case ${events.type} when 'chat.started' then 0 when 'chat.closed' then 2 else 1 end`;

/**
 * Latest first, by when the events happened, not when they arrived (deliveries come late and out of
 * order). Ties then fall to arrival (`seq`) rather than the event id: event ids are random, arrival at
 * least usually follows the order the service sent them in, and `seq` makes the order total and stable.
 */
const latestFirst = [desc(events.occurredAt), desc(lifecycleRank), desc(events.seq)];

/**
 * Events of a conversation by event time, oldest first within the slice: the `limit` latest after
 * skipping the `skip` latest, so a long thread shows its end first and pages back to its start.
 */
export async function conversationEvents(conversationId: string, limit: number, skip = 0): Promise<WebhookEventRow[]> {
  const rows = await (
    await getDb()
  )
    .select()
    .from(events)
    .where(and(eq(events.conversationId, conversationId), eq(events.isTest, false)))
    .orderBy(...latestFirst)
    .limit(limit)
    .offset(skip);
  return rows.reverse();
}

export async function conversationEventCount(conversationId: string): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.conversationId, conversationId), eq(events.isTest, false)));
  return row?.n ?? 0;
}

/**
 * Conversations known from received events, most recently active first: each by its latest event
 * in event time, picked and ordered in the query so the limit keeps the right ones.
 */
export async function recentConversations(limit: number, robotId?: string): Promise<ConversationSummary[]> {
  return latestOfEach(robotId ? eq(events.robotId, robotId) : undefined, limit);
}

/** The summaries of these conversations (those the store knows), most recently active first. */
export async function conversationSummaries(conversationIds: string[]): Promise<ConversationSummary[]> {
  if (conversationIds.length === 0) return [];
  return latestOfEach(inArray(events.conversationId, conversationIds), conversationIds.length);
}

async function latestOfEach(where: SQL | undefined, limit: number): Promise<ConversationSummary[]> {
  const db = await getDb();
  const latest = db
    .selectDistinctOn([events.conversationId], {
      conversationId: events.conversationId,
      robotId: events.robotId,
      externalId: events.externalId,
      type: events.type,
      occurredAt: events.occurredAt,
      seq: events.seq,
      rank: lifecycleRank.as('rank'),
      events: sql<number>`count(*) over (partition by ${events.conversationId})`.mapWith(Number).as('events'),
    })
    .from(events)
    .where(and(eq(events.isTest, false), isNotNull(events.conversationId), where))
    .orderBy(events.conversationId, ...latestFirst)
    .as('latest');
  const rows = await db.select().from(latest).orderBy(desc(latest.occurredAt), desc(latest.rank), desc(latest.seq)).limit(limit);
  return rows.map((row) => ({
    conversationId: row.conversationId ?? '',
    robotId: row.robotId,
    externalId: row.externalId,
    events: row.events,
    lastType: row.type,
    lastAt: row.occurredAt,
  }));
}
