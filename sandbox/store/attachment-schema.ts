import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { RuleDefinition } from '../domain/rule-definition';

// Tables of migration 6 (attachments, typing, rules): uploaded attachments, the operator typing indicator and
// social-DM automation rules.

/**
 * An uploaded file (D14). The bytes live in the row (a BLOB): deleting the row deletes the file in
 * the same statement, so a discard or a restart can never leave an orphan on disk. Reads that do
 * not serve the file select the other columns only.
 */
export const attachments = sqliteTable('attachments', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  conversationId: text('conversation_id').notNull(),
  identifier: text('identifier').notNull(),
  name: text('name').notNull(),
  /** Canonical media type (alternative spellings normalised). */
  mediaType: text('media_type').notNull(),
  kind: text('kind', { enum: ['image', 'video', 'voice', 'document'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  data: blob('data', { mode: 'buffer' }).notNull(),
  createdAt: integer('created_at').notNull(),
  /** created_at + 24 h: when it is discarded unless sent by then. */
  discardAt: integer('discard_at').notNull(),
  /** Set once a message carries it; nothing sends yet, so it stays null. */
  sentAt: integer('sent_at'),
});

/** D15: one row per conversation that has shown the indicator; `until` is when it stops showing. */
export const typingIndicators = sqliteTable('typing_indicators', {
  conversationId: text('conversation_id').primaryKey(),
  until: integer('until').notNull(),
});

/** A social-DM automation rule; `definition` is the validated Rule without id and created_at. */
export const rules = sqliteTable('rules', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  id: text('id').notNull().unique(),
  channelId: text('channel_id').notNull(),
  definition: text('definition', { mode: 'json' }).$type<RuleDefinition>().notNull(),
  createdAt: integer('created_at').notNull(),
});

export type AttachmentRow = typeof attachments.$inferSelect;
export type RuleRow = typeof rules.$inferSelect;
