import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const webhookEvents = pgTable(
  'webhook_events',
  {
    webhookId: text('webhook_id').primaryKey(),
    /** Arrival order, for events received within one millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventId: text('event_id'),
    type: text('type').notNull(),
    robotId: text('robot_id'),
    externalId: text('external_id'),
    conversationId: text('conversation_id'),
    isTest: boolean('is_test').notNull(),
    payload: text('payload').notNull(),
    receivedAt: text('received_at').notNull(),
    /**
     * When the event happened by the service's clock (the envelope's `created_at`, as an ISO string
     * like `receivedAt`), or its arrival when that is missing or unreadable: deliveries arrive out of
     * order (retries, several instances), so threads and conversation states follow this, not `seq`.
     */
    occurredAt: text('occurred_at').notNull(),
    /** A message event's text, kept apart from the payload so a search matches what was said, not the envelope's keys. */
    messageText: text('message_text'),
  },
  (t) => [
    index('webhook_events_received').on(t.receivedAt),
    index('webhook_events_conversation_time').on(t.conversationId, t.occurredAt),
    index('webhook_events_occurred').on(t.occurredAt),
    // The overview's newest real event (its clock): one index step, not a scan past every test event.
    index('webhook_events_real_occurred').on(t.isTest, t.occurredAt),
  ],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** What our webhook receiver refused, counted per hour, reason and source address (never a row per request). */
export const receiverRefusals = pgTable(
  'receiver_refusals',
  {
    /** Epoch ms of the hour's start (UTC). */
    hour: bigint('hour', { mode: 'number' }).notNull(),
    /** The receiver's error code (`unauthorised`, `invalid_signature`, `too_large`, `invalid_event`, `webhook_receiver_not_configured`). */
    reason: text('reason').notNull(),
    source: text('source').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.reason, t.source] })],
);

/**
 * Conversations the retention pass removed whole from the dashboard's store, so a link to one
 * explains itself instead of answering like an id never seen.
 */
export const purgedConversations = pgTable('purged_conversations', {
  conversationId: text('conversation_id').primaryKey(),
  robotId: text('robot_id'),
  purgedAt: text('purged_at').notNull(),
  /** The horizon the purge applied (ISO): the conversation's last event was before it. */
  horizon: text('horizon').notNull(),
});
