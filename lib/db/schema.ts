import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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

export const apiCalls = sqliteTable('api_calls', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Epoch ms of the attempt. */
  at: integer('at').notNull(),
  purpose: text('purpose').notNull(),
});

/** One robot as the robots list last gave it; `position` is its place in that list (newest first). */
export const robotDirectory = sqliteTable('robot_directory', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The name in lower case, for search and sort. */
  nameKey: text('name_key').notNull(),
  externalId: text('external_id'),
  createdAt: text('created_at'),
  position: integer('position').notNull(),
  /** The channel summaries as JSON (`[{id, type, is_active}]`). */
  channels: text('channels').notNull(),
  readAt: text('read_at').notNull(),
});

export const robotDirectoryChannels = sqliteTable('robot_directory_channels', {
  channelId: text('channel_id').notNull(),
  robotId: text('robot_id').notNull(),
  type: text('type').notNull(),
  isActive: integer('is_active', { mode: 'boolean' }),
});

export type RobotDirectoryRow = typeof robotDirectory.$inferSelect;

export const usageSnapshots = sqliteTable('usage_snapshots', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The window it covers: a preset name (rolling, so each snapshot is "as of" its fill) or `custom:<from>:<to>`. */
  key: text('key').notNull(),
  fromAt: text('from_at').notNull(),
  toAt: text('to_at').notNull(),
  startedAt: text('started_at').notNull(),
  finishedAt: text('finished_at'),
  pagesDone: integer('pages_done').notNull(),
  pagesTotal: integer('pages_total'),
  processedAt: text('processed_at'),
  cacheHit: integer('cache_hit', { mode: 'boolean' }),
  error: text('error'),
});

/** One robot's usage entry (as the API gave it) in a snapshot, with the measures charts rank by. */
export const usageSnapshotRows = sqliteTable('usage_snapshot_rows', {
  snapshotId: integer('snapshot_id').notNull(),
  position: integer('position').notNull(),
  robotId: text('robot_id').notNull(),
  entry: text('entry').notNull(),
  messages: integer('messages').notNull(),
  units: real('units').notNull(),
  conversations: integer('conversations').notNull(),
});

export type UsageSnapshotRow = typeof usageSnapshots.$inferSelect;

/** One failed sign-in, keyed `email:<address>` or `ip:<address>`. */
export const signInFailures = sqliteTable('sign_in_failures', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  key: text('key').notNull(),
  at: integer('at').notNull(),
});
