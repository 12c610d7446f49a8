import 'server-only';
import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { WatchedDeliveryRow } from '@/lib/db/schema';
import type { Delivery, DeliveryAttempt } from '@/lib/partner/schemas';
import { isSuccessfulAttempt } from './attempt-outcome';

/** The deliveries watch's key among the mirrors (lib/sync/status). */
export const DELIVERY_WATCH = 'deliveries';

/** How long deliveries are kept: the health figures look back at most this far. */
export const WATCH_RETENTION_MS = 30 * 24 * 3_600_000;

/** A delivery as the watch keeps it: figures need only outcomes, so of the endpoint's answers only the last failed one is kept. */
export type WatchedDelivery = {
  deliveryId: string;
  eventId: string | null;
  eventType: string | null;
  status: string;
  createdAt: string;
  nextAttemptAt: string | null;
  /** Only the last attempt keeps its answer's body, and only when it failed (see `toRow`). */
  attempts: DeliveryAttempt[];
  readAt: string;
  /** Settled as `succeeded` without being read again (see `settleVanished`): its attempts may be short of the last. */
  inferred: boolean;
};

/** Enough to read an error page's message; the API itself gives the first 4 KiB. */
export const KEPT_BODY_CHARS = 1024;

/** PostgreSQL caps bound parameters per statement (65,535): rows go in chunks well below it. */
const CHUNK = 500;

function toRow(delivery: Delivery, readAt: number): WatchedDeliveryRow | null {
  const createdAt = Date.parse(delivery.created_at ?? '');
  if (!delivery.delivery_id || !delivery.status || Number.isNaN(createdAt)) return null;
  // The health view shows the failing streak's last answer; every other body would only grow the
  // store (30 days of deliveries), so the last attempt keeps its body when it failed, cut short.
  const lastIndex = delivery.attempts.length - 1;
  const attempts = delivery.attempts.map((attempt, index) => {
    const kept = { ...attempt };
    if (index === lastIndex && !isSuccessfulAttempt(attempt) && typeof attempt.response_body === 'string')
      kept.response_body = attempt.response_body.slice(0, KEPT_BODY_CHARS);
    else delete kept.response_body;
    return kept;
  });
  return {
    deliveryId: delivery.delivery_id,
    eventId: delivery.event_id ?? null,
    eventType: delivery.event_type ?? null,
    status: delivery.status,
    createdAt,
    nextAttemptAt: delivery.next_attempt_at ?? null,
    attempts: JSON.stringify(attempts),
    readAt,
    inferred: false,
  };
}

export function fromRow(row: WatchedDeliveryRow): WatchedDelivery {
  let attempts: WatchedDelivery['attempts'] = [];
  try {
    attempts = JSON.parse(row.attempts) as WatchedDelivery['attempts'];
  } catch {
    // A row we wrote ourselves; unreadable only if the database was edited by hand.
  }
  return {
    deliveryId: row.deliveryId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    nextAttemptAt: row.nextAttemptAt,
    attempts,
    readAt: new Date(row.readAt).toISOString(),
    inferred: row.inferred,
  };
}

/** Writes deliveries as read, each replacing what was kept of it; those older than `keepFrom` are skipped. */
export async function upsertDeliveries(deliveries: Delivery[], readAt: number, keepFrom: number): Promise<number> {
  const rows = deliveries.flatMap((d) => {
    const row = toRow(d, readAt);
    return row && row.createdAt >= keepFrom ? [row] : [];
  });
  const db = await getDb();
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(schema.watchedDeliveries)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: schema.watchedDeliveries.deliveryId,
        set: {
          eventId: sql`excluded.event_id`,
          eventType: sql`excluded.event_type`,
          status: sql`excluded.status`,
          createdAt: sql`excluded.created_at`,
          nextAttemptAt: sql`excluded.next_attempt_at`,
          attempts: sql`excluded.attempts`,
          readAt: sql`excluded.read_at`,
          inferred: false,
        },
      });
  }
  return rows.length;
}

/** The status kept for each of these deliveries that the watch already holds. */
export async function knownStatuses(ids: string[]): Promise<Map<string, { status: string; createdAt: number }>> {
  const known = new Map<string, { status: string; createdAt: number }>();
  const db = await getDb();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({
        id: schema.watchedDeliveries.deliveryId,
        status: schema.watchedDeliveries.status,
        createdAt: schema.watchedDeliveries.createdAt,
      })
      .from(schema.watchedDeliveries)
      .where(inArray(schema.watchedDeliveries.deliveryId, ids.slice(i, i + CHUNK)));
    for (const row of rows) known.set(row.id, { status: row.status, createdAt: row.createdAt });
  }
  return known;
}

/** Deliveries kept as not settled yet (`pending`, `retrying`), oldest first. */
export async function unsettledDeliveries(): Promise<{ id: string; createdAt: number }[]> {
  const rows = await (
    await getDb()
  )
    .select({ id: schema.watchedDeliveries.deliveryId, createdAt: schema.watchedDeliveries.createdAt })
    .from(schema.watchedDeliveries)
    .where(inArray(schema.watchedDeliveries.status, ['pending', 'retrying']))
    .orderBy(asc(schema.watchedDeliveries.createdAt));
  return rows;
}

/**
 * Deliveries that left the `retrying` and `pending` lists and are not among the failed: a delivery
 * only ever moves on to `succeeded` or `failed` (D19), so these succeeded. Marked as inferred, since
 * their last attempt was not read.
 */
export async function settleVanished(ids: string[], readAt: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .update(schema.watchedDeliveries)
      .set({ status: 'succeeded', nextAttemptAt: null, readAt, inferred: true })
      .where(inArray(schema.watchedDeliveries.deliveryId, ids.slice(i, i + CHUNK)));
  }
}

/** Drops deliveries created before `keepFrom`; returns how many went. */
export async function pruneDeliveries(keepFrom: number): Promise<number> {
  const gone = await (
    await getDb()
  )
    .delete(schema.watchedDeliveries)
    .where(lt(schema.watchedDeliveries.createdAt, keepFrom))
    .returning({ id: schema.watchedDeliveries.deliveryId });
  return gone.length;
}

/** The deliveries kept that were created in [from, to), oldest first. */
export async function deliveriesBetween(from: number, to: number): Promise<WatchedDelivery[]> {
  const rows = await (
    await getDb()
  )
    .select()
    .from(schema.watchedDeliveries)
    .where(and(gte(schema.watchedDeliveries.createdAt, from), lt(schema.watchedDeliveries.createdAt, to)))
    .orderBy(asc(schema.watchedDeliveries.createdAt));
  return rows.map(fromRow);
}

/** When the newest held delivery was made (epoch ms, the service's clock); null with none held. */
export async function newestCreatedAt(): Promise<number | null> {
  const [row] = await (
    await getDb()
  )
    .select({ newest: sql<number | null>`max(${schema.watchedDeliveries.createdAt})` })
    .from(schema.watchedDeliveries);
  return row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
}
