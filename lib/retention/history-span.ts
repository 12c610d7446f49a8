import 'server-only';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { getDb, schema } from '@/lib/db';
import { goesAt, horizonOf } from './policy';
import { dashboardRetention, type DashboardRetention } from './settings';

const events = schema.webhookEvents;

export type HistorySpan = {
  retention: DashboardRetention;
  /** The oldest instant kept (ISO), or null while nothing is purged (plan unstated, or no limit). */
  horizon: string | null;
  /** The oldest conversation event kept here, and when the retention removes it. */
  oldest: { conversationId: string; at: string; goesAt: string | null } | null;
};

/** How far back the conversations stored here go, and what goes next: for the account or one robot. */
export async function historySpan(robotId?: string): Promise<HistorySpan> {
  const retention = await dashboardRetention();
  const months = retention.state === 'stated' ? retention.months : null;
  const now = await serviceClockNow();
  const [first] = await (
    await getDb()
  )
    .select({ conversationId: events.conversationId, at: events.occurredAt })
    .from(events)
    .where(and(isNotNull(events.conversationId), eq(events.isTest, false), robotId ? eq(events.robotId, robotId) : undefined))
    .orderBy(asc(events.occurredAt))
    .limit(1);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    retention,
    horizon: months === null ? null : iso(horizonOf(months, now)),
    oldest: first?.conversationId
      ? { conversationId: first.conversationId, at: first.at, goesAt: months === null ? null : iso(goesAt(Date.parse(first.at), months)) }
      : null,
  };
}

/** Was this conversation removed under retention here? When, and before which horizon. */
export async function purgedConversation(conversationId: string): Promise<{ purgedAt: string; horizon: string } | null> {
  const [row] = await (
    await getDb()
  )
    .select({ purgedAt: schema.purgedConversations.purgedAt, horizon: schema.purgedConversations.horizon })
    .from(schema.purgedConversations)
    .where(eq(schema.purgedConversations.conversationId, conversationId));
  return row ?? null;
}
