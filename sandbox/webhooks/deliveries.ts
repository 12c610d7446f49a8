import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { recordEvent, type RecordedEvent } from '../domain/events';
import { iso, isoOrNull } from '../domain/vocabulary';
import { ApiError, notFound } from '../http/api-error';
import { groupCommitOf } from '../store/group-commit';
import type { AccountRow } from '../store/schema';
import { deliveries, deliveryAttempts, type DeliveryAttemptRow, type DeliveryRow } from '../store/webhook-schema';

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryFilter {
  delivery_id?: string | undefined;
  status?: DeliveryStatus | undefined;
  event_type?: string | undefined;
  limit: number;
  offset: number;
}

function attemptView(row: DeliveryAttemptRow) {
  return {
    attempt: row.attempt,
    attempted_at: iso(row.attemptedAt),
    response_status: row.responseStatus,
    response_body: row.responseBody,
    duration_ms: row.durationMs,
    error: row.error,
  };
}

/** D19 Delivery; `payload` is the envelope exactly as every attempt sends it. */
function deliveryView(row: DeliveryRow, attempts: DeliveryAttemptRow[]) {
  return {
    delivery_id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    created_at: iso(row.createdAt),
    next_attempt_at: isoOrNull(row.nextAttemptAt),
    attempts: attempts.map(attemptView),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}

export type DeliveryView = ReturnType<typeof deliveryView>;

function withAttempts(ctx: SandboxContext, rows: DeliveryRow[]): DeliveryView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const attempts = ctx.store.db
    .select()
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.deliveryId, ids))
    .orderBy(asc(deliveryAttempts.attempt))
    .all();
  const byDelivery = new Map<string, DeliveryAttemptRow[]>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return rows.map((row) => deliveryView(row, byDelivery.get(row.id) ?? []));
}

/** D19 list: the account's deliveries, newest first (ties in created_at: the later-created first). */
export function listDeliveries(ctx: SandboxContext, accountId: string, filter: DeliveryFilter) {
  const conditions: SQL[] = [eq(deliveries.accountId, accountId)];
  if (filter.delivery_id !== undefined) conditions.push(eq(deliveries.id, filter.delivery_id));
  if (filter.status !== undefined) conditions.push(eq(deliveries.status, filter.status));
  if (filter.event_type !== undefined) conditions.push(eq(deliveries.eventType, filter.event_type));
  const where = and(...conditions);
  const total =
    ctx.store.db
      .select({ n: sql<number>`count(*)` })
      .from(deliveries)
      .where(where)
      .get()?.n ?? 0;
  const rows = ctx.store.db
    .select()
    .from(deliveries)
    .where(where)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.seq))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  return {
    data: withAttempts(ctx, rows),
    pagination: { limit: filter.limit, offset: filter.offset, total_count: total, has_more: filter.offset + rows.length < total },
  };
}

/** One delivery of the account; another partner's (or an unknown id) is 404, never 403. */
export function getDelivery(ctx: SandboxContext, accountId: string, deliveryId: string): DeliveryView {
  const row = ctx.store.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.accountId, accountId)))
    .get();
  if (!row) throw notFound('delivery');
  const [view] = withAttempts(ctx, [row]);
  if (!view) throw notFound('delivery');
  return view;
}

/** D18's `test` event, recorded (and queued when the account has a webhook URL) now. */
export function recordTestEvent(ctx: SandboxContext, accountId: string): RecordedEvent {
  const now = ctx.clock.nowMs();
  return recordEvent(ctx, {
    accountId,
    type: 'test',
    robotId: null,
    externalId: null,
    conversationId: null,
    createdAt: now,
    recordedAt: now,
    data: { test: true },
  });
}

/**
 * D18: a real `test` event through the outbox (signed, custom headers, normal retry schedule).
 * 422 `webhook_not_configured` without a webhook URL.
 */
export function sendTestEvent(ctx: SandboxContext, account: AccountRow): Promise<{ delivery_id: string; status: 'pending' }> {
  // Answered once committed, together with the test events that arrived in the same turn.
  return groupCommitOf(ctx.store).run(() => {
    const event = recordTestEvent(ctx, account.id);
    if (event.deliveryId === null) {
      // Rolls the recorded event back with the transaction: nothing was queued.
      throw new ApiError('webhook_not_configured', 'No webhook URL is configured for the account; set one in the panel first.');
    }
    // The state it was queued in: the first attempt starts only after this transaction commits.
    return { delivery_id: event.deliveryId, status: 'pending' as const };
  });
}
