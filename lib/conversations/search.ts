import 'server-only';
import { and, desc, eq, gte, ilike, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import { conversationSummaries, type ConversationSummary } from '@/lib/inbound-events/event-store';

const events = schema.webhookEvents;

export type ConversationSearch = {
  /** The robot's `external_id`: the partner's customer the robot serves. */
  customer?: string | undefined;
  robotId?: string | undefined;
  /** UTC days, both ends included: a conversation matches when it had an event in them. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
  /** Part of what a message said, any case. */
  text?: string | undefined;
};

export const SEARCH_PAGE_SIZE = 50;

/** `%` and `_` typed by someone searching are letters, not wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

function matching(search: ConversationSearch): SQL | undefined {
  return and(
    eq(events.isTest, false),
    isNotNull(events.conversationId),
    search.robotId ? eq(events.robotId, search.robotId) : undefined,
    search.customer ? eq(events.externalId, search.customer) : undefined,
    search.fromDay ? gte(events.occurredAt, `${search.fromDay}T00:00:00.000Z`) : undefined,
    search.toDay ? lt(events.occurredAt, dayAfter(search.toDay)) : undefined,
    search.text ? ilike(events.messageText, `%${likeLiteral(search.text)}%`) : undefined,
  );
}

/**
 * Conversations with an event that matches every filter, most recently matching first, a page at a
 * time, with how many match in all. Read from the events our receiver stored: every conversation
 * the dashboard heard of, however old, not only the newest.
 */
export async function searchConversations(
  search: ConversationSearch,
  page: number,
): Promise<{ conversations: ConversationSummary[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const found = await db
    .select({
      conversationId: events.conversationId,
      lastMatch: max(events.occurredAt).as('last_match'),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(events)
    .where(matching(search))
    .groupBy(events.conversationId)
    .orderBy(desc(sql`last_match`), desc(events.conversationId))
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
  const ids = found.flatMap((row) => (row.conversationId ? [row.conversationId] : []));
  const total = found[0]?.total ?? (page > 1 ? await countMatching(search) : 0);
  const byId = new Map((await conversationSummaries(ids)).map((c) => [c.conversationId, c]));
  return {
    conversations: ids.flatMap((id) => byId.get(id) ?? []),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
  };
}

/** Every matching conversation's id (at most `limit`), most recently matching first: what an export holds. */
export async function matchingConversationIds(search: ConversationSearch, limit: number): Promise<string[]> {
  const rows = await (
    await getDb()
  )
    .select({ conversationId: events.conversationId, lastMatch: max(events.occurredAt).as('last_match') })
    .from(events)
    .where(matching(search))
    .groupBy(events.conversationId)
    .orderBy(desc(sql`last_match`), desc(events.conversationId))
    .limit(limit);
  return rows.flatMap((row) => (row.conversationId ? [row.conversationId] : []));
}

/** How many conversations match, for a page past the last (which finds no row to carry the count). */
async function countMatching(search: ConversationSearch): Promise<number> {
  const [row] = await (
    await getDb()
  )
    .select({ n: sql<number>`count(distinct ${events.conversationId})`.mapWith(Number) })
    .from(events)
    .where(matching(search));
  return row?.n ?? 0;
}
