import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Tables of migration 4 (webhooks): the webhook outbox and its attempts, the automated-reply queue
// (D21) and switched-on provider outages. Times are sandbox-clock milliseconds (D22) except
// `sendingSince`, which is wall time (it only marks a send in flight, see dispatcher).

export const deliveries = sqliteTable('deliveries', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  id: text('id').notNull().unique(),
  accountId: text('account_id').notNull(),
  eventId: text('event_id').notNull(),
  eventType: text('event_type').notNull(),
  // The exact body every attempt sends (the D17 envelope serialised once, at creation).
  payload: text('payload').notNull(),
  status: text('status', { enum: ['pending', 'retrying', 'succeeded', 'failed'] }).notNull(),
  createdAt: integer('created_at').notNull(),
  nextAttemptAt: integer('next_attempt_at'),
  attemptCount: integer('attempt_count').notNull(),
  sendingSince: integer('sending_since'),
});

export const deliveryAttempts = sqliteTable('delivery_attempts', {
  deliveryId: text('delivery_id')
    .notNull()
    .references(() => deliveries.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  attemptedAt: integer('attempted_at').notNull(),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
});

export const replyQueue = sqliteTable('reply_queue', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  // The message id the reply is stored under once sent (reserved when it is queued).
  id: text('id').notNull().unique(),
  accountId: text('account_id').notNull(),
  robotId: text('robot_id').notNull(),
  conversationId: text('conversation_id').notNull(),
  channelId: text('channel_id').notNull(),
  channelType: text('channel_type').notNull(),
  kind: text('kind', { enum: ['text', 'audio', 'video'] }).notNull(),
  text: text('text').notNull(),
  queuedAt: integer('queued_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  status: text('status', { enum: ['queued', 'sent', 'dropped', 'failed'] }).notNull(),
  reason: text('reason'),
  finishedAt: integer('finished_at'),
});

export const providerOutages = sqliteTable('provider_outages', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  // null: every channel type.
  channelType: text('channel_type'),
  startsAt: integer('starts_at').notNull(),
  until: integer('until').notNull(),
});

export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;
export type ReplyRow = typeof replyQueue.$inferSelect;
export type OutageRow = typeof providerOutages.$inferSelect;
