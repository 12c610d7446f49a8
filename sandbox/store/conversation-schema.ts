import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Tables of migration 3 (conversations and usage). The usage roll-up tables (usage_daily, conversation_days,
// multi_day_conversation_days, and usage_cumulative of migration 6) are written with prepared SQL in
// domain/rollups.ts, where batching matters, so they have no drizzle definition.

export const robotModelChanges = sqliteTable('robot_model_changes', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  robotId: text('robot_id').notNull(),
  changedAt: integer('changed_at').notNull(),
  fromModel: text('from_model', { enum: ['standard', 'enhanced'] }).notNull(),
  toModel: text('to_model', { enum: ['standard', 'enhanced'] }).notNull(),
});

export const conversations = sqliteTable('conversations', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  robotId: text('robot_id').notNull(),
  // The channel the conversation runs on (null: no channel, e.g. a panel test chat). A reconnected
  // bot gets its channel id back, so the link survives a disconnect and reconnect.
  channelId: text('channel_id'),
  channelType: text('channel_type'),
  source: text('source', { enum: ['direct', 'comment', 'story_reply', 'story_mention', 'reel'] }).notNull(),
  startedAt: integer('started_at').notNull(),
  closedAt: integer('closed_at'),
  createdAt: integer('created_at').notNull(),
});

export const messages = sqliteTable('messages', {
  id: text('id').primaryKey(),
  conversationId: text('conversation_id')
    .notNull()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  robotId: text('robot_id').notNull(),
  role: text('role', { enum: ['client', 'ai', 'operator'] }).notNull(),
  text: text('text').notNull(),
  at: integer('at').notNull(),
  // 1 or 2 (D12), fixed by the model in force at `at`; corrected if a later model change covers it.
  units: integer('units').notNull(),
});

export const events = sqliteTable('events', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  id: text('id').notNull().unique(),
  accountId: text('account_id').notNull(),
  type: text('type').notNull(),
  robotId: text('robot_id'),
  conversationId: text('conversation_id'),
  createdAt: integer('created_at').notNull(),
  recordedAt: integer('recorded_at').notNull(),
  envelope: text('envelope', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
});

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type EventRow = typeof events.$inferSelect;
