import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ['admin', 'viewer'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull(),
  /** Epoch ms; sessions that began before it are refused (set on sign-out). */
  sessionsValidAfter: integer('sessions_valid_after'),
});

/** Small key-value store; secret values are encrypted before they reach it (lib/secret-box.ts). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type UserRole = UserRow['role'];

export const channelSnapshots = sqliteTable('channel_snapshots', {
  channelId: text('channel_id').primaryKey(),
  robotId: text('robot_id').notNull(),
  type: text('type'),
  username: text('username'),
  status: text('status'),
  isActive: integer('is_active', { mode: 'boolean' }),
  connectedAt: text('connected_at'),
  observedAt: text('observed_at').notNull(),
});

export const handshakes = sqliteTable('handshakes', {
  channelId: text('channel_id').primaryKey(),
  robotId: text('robot_id').notNull(),
  authorisationUrl: text('authorisation_url').notNull(),
  expiresAt: text('expires_at'),
  startedAt: text('started_at').notNull(),
  startedBy: text('started_by').notNull(),
});

export type ChannelSnapshotRow = typeof channelSnapshots.$inferSelect;
export type HandshakeRow = typeof handshakes.$inferSelect;

export const webhookEvents = sqliteTable('webhook_events', {
  webhookId: text('webhook_id').primaryKey(),
  eventId: text('event_id'),
  type: text('type').notNull(),
  robotId: text('robot_id'),
  externalId: text('external_id'),
  conversationId: text('conversation_id'),
  isTest: integer('is_test', { mode: 'boolean' }).notNull(),
  payload: text('payload').notNull(),
  receivedAt: text('received_at').notNull(),
});

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
