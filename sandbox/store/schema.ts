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
    // The standard subscription's tier (also the tier of D6's caps); `standardPlan` false means the
    // account holds no standard subscription, only the social-DM one of `socialDmTier`.
    tier: text('tier', { enum: ['basic', 'professional', 'business'] }).notNull(),
    standardPlan: integer('standard_plan', { mode: 'boolean' }).notNull(),
    socialDmTier: text('social_dm_tier', { enum: ['basic', 'professional', 'business'] }),
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
    // Token channels: the numeric part of the bot token, which identifies the bot (D7).
    botKey: text('bot_key'),
  },
  (t) => [uniqueIndex('channels_robot_type').on(t.robotId, t.type), index('channels_bot_key').on(t.botKey)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type RobotRow = typeof robots.$inferSelect;
export type ChannelRow = typeof channels.$inferSelect;

/** A bot disconnected from a robot; reconnecting it there re-uses `channelId`, so its history returns. */
export const channelDisconnections = sqliteTable(
  'channel_disconnections',
  {
    channelId: text('channel_id').primaryKey(),
    robotId: text('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    botKey: text('bot_key').notNull(),
    username: text('username'),
    disconnectedAt: integer('disconnected_at').notNull(),
  },
  (t) => [index('channel_disconnections_robot_bot').on(t.robotId, t.botKey)],
);

/**
 * A social_dm handshake (D9). Kept after it ends (outcome set) so the consent URL can still say
 * what happened and an expiry can be reported once by the next connect.
 */
export const handshakes = sqliteTable(
  'handshakes',
  {
    token: text('token').primaryKey(),
    channelId: text('channel_id').notNull(),
    robotId: text('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    baseUrl: text('base_url').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    outcome: text('outcome', { enum: ['connected', 'disabled', 'denied', 'expired'] }),
    finishedAt: integer('finished_at'),
    expiryReported: integer('expiry_reported', { mode: 'boolean' }).notNull(),
  },
  (t) => [index('handshakes_robot').on(t.robotId, t.createdAt), index('handshakes_channel').on(t.channelId)],
);

export type HandshakeRow = typeof handshakes.$inferSelect;
