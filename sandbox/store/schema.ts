import { integer, sqliteTable, text, uniqueIndex, index } from 'drizzle-orm/sqlite-core';

// Times are stored as integer milliseconds on the sandbox clock (D22); JSON-valued columns as text.

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    tier: text('tier', { enum: ['basic', 'professional', 'business'] }).notNull(),
    capacity: integer('capacity').notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    lapsed: integer('lapsed', { mode: 'boolean' }).notNull(),
    roles: text('roles', { mode: 'json' }).$type<string[]>().notNull(),
    excludedAttachmentKinds: text('excluded_attachment_kinds', { mode: 'json' }).$type<string[]>().notNull(),
    returnUrl: text('return_url'),
    webhookUrl: text('webhook_url'),
    webhookAuthToken: text('webhook_auth_token'),
    webhookCustomHeaders: text('webhook_custom_headers', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    previousWebhookSecret: text('previous_webhook_secret'),
    previousWebhookSecretUntil: integer('previous_webhook_secret_until'),
    keyHash: text('key_hash').notNull(),
    keyCreatedAt: integer('key_created_at').notNull(),
    keyExpiresAt: integer('key_expires_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('accounts_key_hash').on(t.keyHash)],
);

export const robots = sqliteTable(
  'robots',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    externalId: text('external_id'),
    model: text('model', { enum: ['standard', 'enhanced'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    // Creation order, the D3 tie-break when two robots share created_at.
    seq: integer('seq').notNull(),
  },
  (t) => [index('robots_account_order').on(t.accountId, t.createdAt, t.seq)],
);

export const channels = sqliteTable(
  'channels',
  {
    id: text('id').primaryKey(),
    robotId: text('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    username: text('username'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull(),
    status: text('status', { enum: ['connected', 'disabled', 'pending_authorisation'] }).notNull(),
    connectedAt: integer('connected_at'),
    createdAt: integer('created_at').notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [uniqueIndex('channels_robot_type').on(t.robotId, t.type)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type RobotRow = typeof robots.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;
