import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import type { Store } from '../store/db';
import { oncePer } from '../store/prepared';
import { events, type EventRow } from '../store/conversation-schema';
import { newEventId, type EventType } from './conversation-vocabulary';
import { iso } from './vocabulary';
import { enqueueDelivery } from '../webhooks/outbox';

export interface EventInput {
  accountId: string;
  type: EventType;
  robotId: string | null;
  /** The robot's external_id at the time of the event (D17: every event carries it). */
  externalId: string | null;
  conversationId: string | null;
  /** When it happened (a message's `at`, which may lie in the past for imported history). */
  createdAt: number;
  data: Record<string, unknown>;
  /** Sandbox time of recording (default now); the outbox delivery is created at the same instant. */
  recordedAt?: number | undefined;
}

/** The D17 envelope, exactly as a webhook delivery will carry it. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  created_at: string;
  robot_id: string | null;
  external_id: string | null;
  conversation_id: string | null;
  data: Record<string, unknown>;
}

export interface RecordedEvent extends EventEnvelope {
  /** The outbox delivery made for it, or null when the account had no webhook URL. */
  readonly deliveryId: string | null;
}

/** Prepared once per store: events are recorded on every message and test event. */
const insertEventOf = oncePer((store: Store) => {
  const p = (name: string) => sql.placeholder(name);
  return store.db
    .insert(events)
    .values({
      id: p('id'),
      accountId: p('accountId'),
      type: p('type'),
      robotId: p('robotId'),
      conversationId: p('conversationId'),
      createdAt: p('createdAt'),
      recordedAt: p('recordedAt'),
      envelope: p('envelope'),
    })
    .prepare();
});

/**
 * Stores one event with its envelope (`seq` is the recording order, `recorded_at` the sandbox time
 * it was recorded) and, when the account has a webhook URL, its outbox delivery in the same
 * transaction as the caller's; the dispatcher is kicked to try it at once after commit.
 * Callers decide whether an event is due at all (a disabled channel emits none).
 */
export function recordEvent(ctx: SandboxContext, input: EventInput): RecordedEvent {
  const recordedAt = input.recordedAt ?? ctx.clock.nowMs();
  const envelope: EventEnvelope = {
    id: newEventId(),
    type: input.type,
    created_at: iso(input.createdAt),
    robot_id: input.robotId,
    external_id: input.externalId,
    conversation_id: input.conversationId,
    data: input.data,
  };
  insertEventOf(ctx.store).run({
    id: envelope.id,
    accountId: input.accountId,
    type: input.type,
    robotId: input.robotId,
    conversationId: input.conversationId,
    createdAt: input.createdAt,
    recordedAt,
    envelope: { ...envelope },
  });
  const deliveryId = enqueueDelivery(ctx.store, input.accountId, envelope, recordedAt);
  if (deliveryId !== null) ctx.webhooks.kick();
  return { ...envelope, deliveryId };
}

export function eventsOfConversation(ctx: SandboxContext, conversationId: string): EventEnvelope[] {
  return ctx.store.db
    .select({ envelope: events.envelope })
    .from(events)
    .where(eq(events.conversationId, conversationId))
    .orderBy(asc(events.seq))
    .all()
    .map((row) => row.envelope as unknown as EventEnvelope);
}

/** The account's events recorded after `afterSeq` (the recording order), oldest first. */
export function eventsAfter(ctx: SandboxContext, accountId: string, afterSeq: number, limit = -1): EventRow[] {
  return ctx.store.db
    .select()
    .from(events)
    .where(and(eq(events.accountId, accountId), gt(events.seq, afterSeq)))
    .orderBy(asc(events.seq))
    .limit(limit)
    .all();
}

/** The `seq` of the account's newest event, 0 when it has none. */
export function latestEventSeq(ctx: SandboxContext, accountId: string): number {
  return (
    ctx.store.db
      .select({ seq: max(events.seq) })
      .from(events)
      .where(eq(events.accountId, accountId))
      .get()?.seq ?? 0
  );
}
