import 'server-only';
import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { getDb, schema } from '@/lib/db';
import { horizonOf } from './policy';
import { dashboardRetention } from './settings';

const events = schema.webhookEvents;
/** Conversations per transaction: a purge of a year's history never holds the store for long. */
const BATCH = 500;

export type PurgeResult = { horizon: string | null; events: number; conversations: number };

/**
 * Removes from the dashboard's store every conversation event older than its retention's horizon
 * (by the service's clock: age counts per message), and notes each conversation left with nothing
 * so its link can say it was removed under retention. Nothing while the plan is unstated or has no limit.
 */
export async function purgeExpiredHistory(now?: number): Promise<PurgeResult> {
  const retention = await dashboardRetention();
  if (retention.state !== 'stated' || retention.months === null) return { horizon: null, events: 0, conversations: 0 };
  const horizon = new Date(horizonOf(retention.months, now ?? (await serviceClockNow()))).toISOString();
  const db = await getDb();
  const tally = { horizon, events: 0, conversations: 0 };
  for (;;) {
    const batch = await db
      .selectDistinct({ id: events.conversationId })
      .from(events)
      .where(and(isNotNull(events.conversationId), lt(events.occurredAt, horizon)))
      .limit(BATCH);
    const ids = batch.flatMap((row) => (row.id ? [row.id] : []));
    if (ids.length === 0) return tally;
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(events)
        .where(and(inArray(events.conversationId, ids), lt(events.occurredAt, horizon)))
        .returning({ conversationId: events.conversationId, robotId: events.robotId });
      tally.events += gone.length;
      const left = new Set(
        (await tx.selectDistinct({ id: events.conversationId }).from(events).where(inArray(events.conversationId, ids))).map((r) => r.id),
      );
      const robotOf = new Map(gone.map((row) => [row.conversationId, row.robotId]));
      const removed = ids.filter((id) => !left.has(id));
      tally.conversations += removed.length;
      if (removed.length === 0) return;
      const purgedAt = new Date().toISOString();
      await tx
        .insert(schema.purgedConversations)
        .values(removed.map((conversationId) => ({ conversationId, robotId: robotOf.get(conversationId) ?? null, purgedAt, horizon })))
        .onConflictDoUpdate({
          target: schema.purgedConversations.conversationId,
          set: { purgedAt: sql`excluded.purged_at`, horizon: sql`excluded.horizon` },
        });
    });
  }
}
