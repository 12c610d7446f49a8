import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { randomBase62 } from '../domain/ids';
import type { Store } from '../store/db';
import { oncePer } from '../store/prepared';
import { accounts } from '../store/schema';
import { deliveries, deliveryAttempts, type DeliveryRow } from '../store/webhook-schema';
import type { PostOutcome } from './http-post';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** D20: the wait after attempt n (index n - 1) before attempt n + 1; 8 attempts in all. */
const RETRY_WAITS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

const newDeliveryId = () => `dlv_${randomBase62(16)}`;

/**
 * The dispatcher's statements, built and prepared once per store: building a drizzle query and
 * preparing it again on every delivery cost more than running it.
 */
function prepareStatements(store: Store) {
  const p = (name: string) => sql.placeholder(name);
  // An update's set() takes SQL, not a bare placeholder.
  const v = (name: string) => sql`${sql.placeholder(name)}`;
  return {
    account: store.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, p('accountId')))
      .prepare(),
    enqueue: store.db
      .insert(deliveries)
      .values({
        id: p('id'),
        accountId: p('accountId'),
        eventId: p('eventId'),
        eventType: p('eventType'),
        payload: p('payload'),
        status: 'pending',
        createdAt: p('now'),
        nextAttemptAt: p('now'),
        attemptCount: 0,
        sendingSince: null,
      })
      .prepare(),
    due: store.db
      .select()
      .from(deliveries)
      .where(and(isNotNull(deliveries.nextAttemptAt), lte(deliveries.nextAttemptAt, p('now')), isNull(deliveries.sendingSince)))
      .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.seq))
      .limit(p('limit'))
      .prepare(),
    dueOfAccount: store.db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.accountId, p('accountId')),
          isNotNull(deliveries.nextAttemptAt),
          lte(deliveries.nextAttemptAt, p('now')),
          isNull(deliveries.sendingSince),
        ),
      )
      .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.seq))
      .limit(p('limit'))
      .prepare(),
    exists: store.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.id, p('id')))
      .prepare(),
    markSending: store.db
      .update(deliveries)
      .set({ sendingSince: v('wallMs') })
      .where(eq(deliveries.id, p('id')))
      .prepare(),
    insertAttempt: store.db
      .insert(deliveryAttempts)
      .values({
        deliveryId: p('deliveryId'),
        attempt: p('attempt'),
        attemptedAt: p('attemptedAt'),
        responseStatus: p('responseStatus'),
        responseBody: p('responseBody'),
        durationMs: p('durationMs'),
        error: p('error'),
      })
      .prepare(),
    moveOn: store.db
      .update(deliveries)
      .set({ status: v('status'), nextAttemptAt: v('next'), attemptCount: v('attempt'), sendingSince: null })
      .where(eq(deliveries.id, p('id')))
      .prepare(),
  };
}
const statementsOf = oncePer(prepareStatements);

export interface OutboxEnvelope {
  id: string;
  type: string;
}

/**
 * Puts one event into the outbox when the account has a webhook URL at that moment, in the
 * caller's transaction (recordEvent runs inside the event's one), so nothing is sent before it is
 * stored. The first attempt is due at once. Returns the delivery id, or null without a URL.
 */
export function enqueueDelivery(store: Store, accountId: string, envelope: OutboxEnvelope, now: number): string | null {
  const prepared = statementsOf(store);
  const account = prepared.account.get({ accountId });
  if (!account || account.webhookUrl === null) return null;
  const id = newDeliveryId();
  prepared.enqueue.run({ id, accountId, eventId: envelope.id, eventType: envelope.type, payload: JSON.stringify(envelope), now });
  return id;
}

/** Deliveries whose next attempt is due and that are not being sent, oldest due first; of one account, or of all. */
export function dueDeliveries(store: Store, nowMs: number, limit: number, accountId: string | null = null): DeliveryRow[] {
  const prepared = statementsOf(store);
  return accountId === null ? prepared.due.all({ now: nowMs, limit }) : prepared.dueOfAccount.all({ now: nowMs, limit, accountId });
}

/** The account a delivery belongs to, as it is now: its URL and token apply to every attempt. */
export function deliveryAccount(store: Store, accountId: string) {
  return statementsOf(store).account.get({ accountId });
}

/**
 * Durable "in flight" marks, taken before the requests leave, so a restart knows to resend; one
 * transaction for every send a pass starts.
 */
export function markSending(store: Store, deliveryIds: readonly string[], wallMs: number): void {
  const prepared = statementsOf(store);
  store.transaction(() => {
    for (const id of deliveryIds) prepared.markSending.run({ wallMs, id });
  });
}

/**
 * On start nothing of this process is in flight: a mark left by a stopped or killed sandbox means
 * that attempt never got recorded, so the delivery is simply due again (same attempt number, same
 * webhook-id; the receiver may see it twice, which is why it dedupes on webhook-id).
 */
export function clearStaleSends(store: Store): number {
  return store.db.update(deliveries).set({ sendingSince: null }).where(isNotNull(deliveries.sendingSince)).run().changes;
}

/** A 2xx whose status line came within the deadline (a body cut short afterwards does not matter). */
const isSuccess = (outcome: PostOutcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/** One finished attempt, waiting to be recorded. */
export interface FinishedAttempt {
  row: DeliveryRow;
  /** The attempt's scheduled time on the sandbox clock. */
  attemptedAt: number;
  outcome: PostOutcome;
}

/**
 * Records attempt n of each delivery and moves it on (D19, D20), all in one transaction: the
 * attempts that finished since the last write share its commit. `attemptedAt` is the attempt's
 * scheduled time on the sandbox clock, so every wait is measured exactly from the attempt before
 * and a clock advance replays the schedule as if the time had passed.
 */
export function recordAttempts(store: Store, finished: readonly FinishedAttempt[]): void {
  const prepared = statementsOf(store);
  store.transaction(() => {
    for (const { row, attemptedAt, outcome } of finished) {
      // Its account was deleted while the attempt was on its way: nothing is left to record it on.
      if (prepared.exists.get({ id: row.id }) === undefined) continue;
      const attempt = row.attemptCount + 1;
      const succeeded = isSuccess(outcome);
      const wait = RETRY_WAITS_MS[attempt - 1];
      const next = succeeded || wait === undefined ? null : attemptedAt + wait;
      const status = succeeded ? 'succeeded' : next === null ? 'failed' : 'retrying';
      prepared.insertAttempt.run({
        deliveryId: row.id,
        attempt,
        attemptedAt,
        responseStatus: outcome.status,
        responseBody: outcome.body,
        durationMs: outcome.durationMs,
        error: succeeded ? outcome.error : (outcome.error ?? `answered HTTP ${outcome.status ?? '-'}; only a 2xx counts as delivered`),
      });
      prepared.moveOn.run({ status, next, attempt, id: row.id });
    }
  });
}
