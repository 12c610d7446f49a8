import { bigint, bigserial, boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
// One schema for both stores (PGlite, PostgreSQL; drizzle-kit generates lib/db/migrations from it),
// with the alerts' and usage days' tables. Instants compared are epoch ms; only shown are ISO text.
export * from './schema-alerts';
export * from './schema-usage-days';
export * from './schema-events';

export const USER_ROLES = ['admin', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Always stored in lower case. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').$type<UserRole>().notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull(),
  /** Epoch ms; sessions that began before it are refused (set on sign-out, disable, role change). */
  sessionsValidAfter: bigint('sessions_valid_after', { mode: 'number' }),
  /** ISO instant the person was disabled; they cannot sign in while it is set. */
  disabledAt: text('disabled_at'),
});

export type UserRow = typeof users.$inferSelect;

/** One-time links: an invitation (creates the person) or a password reset. Only the token's hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'invite' | 'reset'>().notNull(),
    email: text('email').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
  },
  (t) => [index('invitations_email').on(t.email)],
);

export type InvitationRow = typeof invitations.$inferSelect;

/** Small key-value store; secret values are encrypted before they reach it (lib/connection/secret-box.ts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const channelSnapshots = pgTable(
  'channel_snapshots',
  {
    channelId: text('channel_id').primaryKey(),
    robotId: text('robot_id').notNull(),
    type: text('type'),
    username: text('username'),
    status: text('status'),
    isActive: boolean('is_active'),
    connectedAt: text('connected_at'),
    observedAt: text('observed_at').notNull(),
  },
  (t) => [index('channel_snapshots_robot').on(t.robotId)],
);

export const handshakes = pgTable(
  'handshakes',
  {
    channelId: text('channel_id').primaryKey(),
    robotId: text('robot_id').notNull(),
    authorisationUrl: text('authorisation_url').notNull(),
    expiresAt: text('expires_at'),
    startedAt: text('started_at').notNull(),
    startedBy: text('started_by').notNull(),
  },
  (t) => [index('handshakes_robot').on(t.robotId)],
);

export type ChannelSnapshotRow = typeof channelSnapshots.$inferSelect;
export type HandshakeRow = typeof handshakes.$inferSelect;

/** Events our webhook receiver accepted, once per webhook-id (retries of one event share it). */

/** The dashboard's own calls to the API, for its share of the account's per-minute budget. */
export const apiCalls = pgTable(
  'api_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Epoch ms of the attempt. */
    at: bigint('at', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
  },
  (t) => [index('api_calls_at').on(t.at)],
);

/** One robot as the robots list last gave it; `position` is its place in that list (newest first). */
export const robotDirectory = pgTable(
  'robot_directory',
  {
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
  },
  (t) => [
    index('robot_directory_name').on(t.nameKey),
    index('robot_directory_external').on(t.externalId),
    index('robot_directory_position').on(t.position),
  ],
);

export const robotDirectoryChannels = pgTable(
  'robot_directory_channels',
  {
    channelId: text('channel_id').notNull(),
    robotId: text('robot_id').notNull(),
    type: text('type').notNull(),
    isActive: boolean('is_active'),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.channelId] }), index('robot_directory_channels_type').on(t.type, t.isActive)],
);

export type RobotDirectoryRow = typeof robotDirectory.$inferSelect;

export const CHANNEL_OFF_CAUSES = ['plan_lapsed', 'role_missing', 'unknown'] as const;
export type ChannelOffCause = (typeof CHANNEL_OFF_CAUSES)[number];

/**
 * A channel the directory saw go from on to off without anyone turning it off here (the API sends
 * no channel event). The cause is inferred from the read that saw it and confirmed by the first
 * refusal; the row goes when the channel is seen on again or is gone (lib/channels/went-off.ts).
 */
export const channelsWentOff = pgTable(
  'channels_went_off',
  {
    channelId: text('channel_id').primaryKey(),
    robotId: text('robot_id').notNull(),
    type: text('type').notNull(),
    /** ISO instant of the read that saw it off. */
    noticedAt: text('noticed_at').notNull(),
    cause: text('cause').$type<ChannelOffCause>().notNull(),
    /** ISO instant of the refusal that confirmed the cause, if one did. */
    confirmedAt: text('confirmed_at'),
  },
  (t) => [index('channels_went_off_cause').on(t.cause, t.robotId)],
);

/**
 * Recent webhook deliveries as the background watch last read them (lib/deliveries/watch-pass.ts),
 * kept 30 days for the webhook health figures. `attempts` is JSON; only a failed last attempt keeps its answer's body (cut short).
 */
export const watchedDeliveries = pgTable(
  'watched_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    eventId: text('event_id'),
    eventType: text('event_type'),
    status: text('status').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    nextAttemptAt: text('next_attempt_at'),
    attempts: text('attempts').notNull(),
    /** When the watch last saw it in a list. */
    readAt: bigint('read_at', { mode: 'number' }).notNull(),
    /** Settled as `succeeded` without being read again: it left the retrying lists and is not among the failed. */
    inferred: boolean('inferred').notNull().default(false),
  },
  (t) => [index('watched_deliveries_created').on(t.createdAt), index('watched_deliveries_status').on(t.status, t.createdAt)],
);

export type WatchedDeliveryRow = typeof watchedDeliveries.$inferSelect;

/** Usage reports read whole and kept: a view reads one instead of paging the API per robot. */
export const usageSnapshots = pgTable(
  'usage_snapshots',
  {
    id: serial('id').primaryKey(),
    /** The window it covers: a preset name (rolling, so each snapshot is "as of" its fill) or `custom:<from>:<to>`. */
    key: text('key').notNull(),
    fromAt: text('from_at').notNull(),
    toAt: text('to_at').notNull(),
    startedAt: text('started_at').notNull(),
    finishedAt: text('finished_at'),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total'),
    processedAt: text('processed_at'),
    cacheHit: boolean('cache_hit'),
    error: text('error'),
  },
  (t) => [index('usage_snapshots_key').on(t.key, t.id)],
);

/** One robot's usage entry (as the API gave it) in a snapshot, with the measures charts rank by. */
export const usageSnapshotRows = pgTable(
  'usage_snapshot_rows',
  {
    snapshotId: integer('snapshot_id').notNull(),
    position: integer('position').notNull(),
    robotId: text('robot_id').notNull(),
    entry: text('entry').notNull(),
    messages: integer('messages').notNull(),
    units: doublePrecision('units').notNull(),
    conversations: integer('conversations').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.robotId] }), index('usage_snapshot_rows_position').on(t.snapshotId, t.position)],
);

export type UsageSnapshotRow = typeof usageSnapshots.$inferSelect;

/** One failed sign-in, keyed `email:<address>` or `ip:<address>`. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sign_in_failures_key').on(t.key, t.at)],
);

/** Every change made through the dashboard, with who, what, the target and the outcome. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Epoch ms. */
    at: bigint('at', { mode: 'number' }).notNull(),
    /** The person's email; `anonymous` for a refused sign-in, `system` and `command line` for the dashboard itself. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What it acted on: `robot:<id>`, `channel:<id>`, `user:<email>`, `settings:api-key`… */
    target: text('target'),
    outcome: text('outcome').$type<'ok' | 'refused' | 'failed'>().notNull(),
    /** The API's error code, or our own (`forbidden`, `throttled`…) for a refusal. */
    errorCode: text('error_code'),
    requestId: text('request_id'),
    /** A short human summary ("Telegram @shop_bot", "viewer → admin"). */
    detail: text('detail'),
    address: text('address'),
    /** How many times this happened: refused sign-ins are one entry per address, account and 15 minutes. */
    repeats: integer('repeats').notNull().default(1),
    /** The entry's aggregation key, for entries that count repeats; unique, so concurrent repeats add up. */
    aggregateKey: text('aggregate_key').unique(),
    /** Epoch ms of the last repeat. */
    lastAt: bigint('last_at', { mode: 'number' }),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_actor').on(t.actor, t.at), index('audit_log_action').on(t.action, t.at)],
);

export type AuditRow = typeof auditLog.$inferSelect;
