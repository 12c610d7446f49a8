import 'server-only';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
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

/** Conversations known from received events, most recently active first. */
export async function recentConversations(limit: number, robotId?: string): Promise<ConversationSummary[]> {
  const rows = await (
    await getDb()
  )
    .select()
    .from(schema.webhookEvents)
    .where(and(eq(schema.webhookEvents.isTest, false), robotId ? eq(schema.webhookEvents.robotId, robotId) : undefined))
    .orderBy(desc(schema.webhookEvents.receivedAt))
    .limit(5000);
  const byConversation = new Map<string, ConversationSummary>();
  for (const row of rows) {
    if (!row.conversationId) continue;
    const known = byConversation.get(row.conversationId);
    if (known) known.events += 1;
    else
      byConversation.set(row.conversationId, {
        conversationId: row.conversationId,
        robotId: row.robotId,
        externalId: row.externalId,
        events: 1,
        lastType: row.type,
        lastAt: row.receivedAt,
      });
  }
  return [...byConversation.values()].slice(0, limit);
}
