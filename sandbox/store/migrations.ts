import type Database from 'better-sqlite3';
import { retentionMigrations } from './migrations-retention';

// Append-only: a migration, once released, is never edited. PRAGMA user_version records how many
// have been applied, so each runs exactly once per data directory.
export const migrations: readonly string[] = [
  `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    tier TEXT NOT NULL,
    capacity INTEGER NOT NULL,
    rate_limit_per_minute INTEGER NOT NULL,
    lapsed INTEGER NOT NULL DEFAULT 0,
    roles TEXT NOT NULL DEFAULT '[]',
    excluded_attachment_kinds TEXT NOT NULL DEFAULT '[]',
    return_url TEXT,
    webhook_url TEXT,
    webhook_auth_token TEXT,
    webhook_custom_headers TEXT NOT NULL DEFAULT '{}',
    webhook_secret TEXT NOT NULL,
    previous_webhook_secret TEXT,
    previous_webhook_secret_until INTEGER,
    key_hash TEXT NOT NULL,
    key_created_at INTEGER NOT NULL,
    key_expires_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX accounts_key_hash ON accounts (key_hash);
  CREATE TABLE robots (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    external_id TEXT,
    model TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    seq INTEGER NOT NULL
  );
  CREATE INDEX robots_account_order ON robots (account_id, created_at, seq);
  CREATE TABLE channels (
    id TEXT PRIMARY KEY,
    robot_id TEXT NOT NULL REFERENCES robots(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    username TEXT,
    is_active INTEGER NOT NULL,
    status TEXT NOT NULL,
    connected_at INTEGER,
    created_at INTEGER NOT NULL,
    seq INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX channels_robot_type ON channels (robot_id, type);
  `,
  // Migration for channels: a bot's identity on its channel, the memory of disconnected bots (so a
  // reconnect to the same robot re-uses the channel id and its history), and social_dm handshakes.
  `
  ALTER TABLE channels ADD COLUMN bot_key TEXT;
  CREATE INDEX channels_bot_key ON channels (bot_key);
  CREATE TABLE channel_disconnections (
    channel_id TEXT PRIMARY KEY,
    robot_id TEXT NOT NULL REFERENCES robots(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    bot_key TEXT NOT NULL,
    username TEXT,
    disconnected_at INTEGER NOT NULL
  );
  CREATE INDEX channel_disconnections_robot_bot ON channel_disconnections (robot_id, bot_key);
  CREATE TABLE handshakes (
    token TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL,
    robot_id TEXT NOT NULL REFERENCES robots(id) ON DELETE CASCADE,
    base_url TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    outcome TEXT,
    finished_at INTEGER,
    expiry_reported INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX handshakes_robot ON handshakes (robot_id, created_at);
  CREATE INDEX handshakes_channel ON handshakes (channel_id);
  `,
  // Migration for conversations and usage: conversations, messages, recorded events, robot model
  // history (D12), and the usage roll-ups kept on write so /v1/usage never scans messages over a
  // long window. Conversations and messages carry no foreign key to robots: deleting a robot keeps
  // them under the retention policy.
  `
  CREATE TABLE robot_model_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    robot_id TEXT NOT NULL,
    changed_at INTEGER NOT NULL,
    from_model TEXT NOT NULL,
    to_model TEXT NOT NULL
  );
  CREATE INDEX robot_model_changes_robot ON robot_model_changes (robot_id, changed_at, seq);
  CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    robot_id TEXT NOT NULL,
    channel_id TEXT,
    channel_type TEXT,
    source TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    closed_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX conversations_robot ON conversations (robot_id, started_at);
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    robot_id TEXT NOT NULL,
    role TEXT NOT NULL,
    text TEXT NOT NULL,
    at INTEGER NOT NULL,
    units INTEGER NOT NULL
  );
  CREATE INDEX messages_robot_at ON messages (robot_id, at);
  CREATE INDEX messages_conversation_at ON messages (conversation_id, at);
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    type TEXT NOT NULL,
    robot_id TEXT,
    conversation_id TEXT,
    created_at INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    envelope TEXT NOT NULL
  );
  CREATE INDEX events_account ON events (account_id, seq);
  CREATE INDEX events_conversation ON events (conversation_id, seq);
  CREATE TABLE usage_daily (
    robot_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    client INTEGER NOT NULL DEFAULT 0,
    ai INTEGER NOT NULL DEFAULT 0,
    operator INTEGER NOT NULL DEFAULT 0,
    units INTEGER NOT NULL DEFAULT 0,
    single_day_conversations INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (robot_id, day)
  ) WITHOUT ROWID;
  CREATE TABLE usage_monthly (
    robot_id TEXT NOT NULL,
    month INTEGER NOT NULL,
    client INTEGER NOT NULL DEFAULT 0,
    ai INTEGER NOT NULL DEFAULT 0,
    operator INTEGER NOT NULL DEFAULT 0,
    units INTEGER NOT NULL DEFAULT 0,
    single_day_conversations INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (robot_id, month)
  ) WITHOUT ROWID;
  CREATE TABLE conversation_days (
    conversation_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    robot_id TEXT NOT NULL,
    PRIMARY KEY (conversation_id, day)
  ) WITHOUT ROWID;
  CREATE TABLE multi_day_conversation_days (
    robot_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    conversation_id TEXT NOT NULL,
    PRIMARY KEY (robot_id, day, conversation_id)
  ) WITHOUT ROWID;
  `,
  // Migration for webhooks: the outbox (one delivery per event of an account with a webhook URL,
  // written in the event's transaction), its attempts, the automated-reply queue (D21) and
  // provider outages switched on through the control API.
  `
  CREATE TABLE deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    next_attempt_at INTEGER,
    attempt_count INTEGER NOT NULL DEFAULT 0,
    sending_since INTEGER
  );
  CREATE INDEX deliveries_account ON deliveries (account_id, created_at, seq);
  CREATE INDEX deliveries_due ON deliveries (next_attempt_at, seq) WHERE next_attempt_at IS NOT NULL;
  CREATE INDEX deliveries_event ON deliveries (event_id);
  CREATE TABLE delivery_attempts (
    delivery_id TEXT NOT NULL REFERENCES deliveries(id) ON DELETE CASCADE,
    attempt INTEGER NOT NULL,
    attempted_at INTEGER NOT NULL,
    response_status INTEGER,
    response_body TEXT,
    duration_ms INTEGER NOT NULL,
    error TEXT,
    PRIMARY KEY (delivery_id, attempt)
  );
  CREATE TABLE reply_queue (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    robot_id TEXT NOT NULL,
    conversation_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    channel_type TEXT NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    queued_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    finished_at INTEGER
  );
  CREATE INDEX reply_queue_waiting ON reply_queue (status, channel_id, seq);
  CREATE INDEX reply_queue_conversation ON reply_queue (conversation_id, seq);
  CREATE TABLE provider_outages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_type TEXT,
    starts_at INTEGER NOT NULL,
    until INTEGER NOT NULL
  );
  `,
  // Migration for attachments, typing, rules: uploaded files with their bytes (discarded 24 h after
  // upload unless sent), the typing indicator's end per conversation, and social-DM rules, which
  // go with their channel.
  `
  CREATE TABLE attachments (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    identifier TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    media_type TEXT NOT NULL,
    kind TEXT NOT NULL,
    size_bytes INTEGER NOT NULL,
    data BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    discard_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX attachments_discard ON attachments (discard_at) WHERE sent_at IS NULL;
  CREATE TABLE typing_indicators (
    conversation_id TEXT PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
    until INTEGER NOT NULL
  );
  CREATE TABLE rules (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    channel_id TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    definition TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX rules_channel ON rules (channel_id, seq);
  `,
  // Usage roll-ups, running totals: per robot and UTC day with activity, the usage_daily counters
  // summed over every day up to it. A whole-day span is then the difference of two rows per robot,
  // however long it is. Filled from usage_daily for existing data directories.
  `
  CREATE TABLE usage_cumulative (
    robot_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    client INTEGER NOT NULL DEFAULT 0,
    ai INTEGER NOT NULL DEFAULT 0,
    operator INTEGER NOT NULL DEFAULT 0,
    units INTEGER NOT NULL DEFAULT 0,
    single_day_conversations INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (robot_id, day)
  ) WITHOUT ROWID;
  INSERT INTO usage_cumulative (robot_id, day, client, ai, operator, units, single_day_conversations)
    SELECT robot_id, day, SUM(client) OVER w, SUM(ai) OVER w, SUM(operator) OVER w, SUM(units) OVER w,
      SUM(single_day_conversations) OVER w
    FROM usage_daily WINDOW w AS (PARTITION BY robot_id ORDER BY day ROWS UNBOUNDED PRECEDING);
  `,
  // The monthly roll-up of migration 3: usage_cumulative answers every window, so nothing read it.
  `
  DROP TABLE usage_monthly;
  `,
  ...retentionMigrations,
];

/** The applied version, refusing a directory a newer sandbox has migrated further. */
function schemaVersion(sqlite: Database.Database): number {
  const applied = Number(sqlite.pragma('user_version', { simple: true }));
  if (applied <= migrations.length) return applied;
  throw new Error(`sandbox database is at schema version ${applied}, newer than this code knows (${migrations.length})`);
}

/**
 * Brings the schema up to date, all pending migrations in one transaction. Two sandboxes may start on one data
 * directory at once, so the version is read again once the write lock is held (immediate transaction).
 */
export function migrate(sqlite: Database.Database): void {
  // Nothing pending: no lock is taken, so a start on an up-to-date directory never waits.
  if (schemaVersion(sqlite) === migrations.length) return;
  const pending = sqlite.transaction(() => {
    for (const sql of migrations.slice(schemaVersion(sqlite))) sqlite.exec(sql);
    sqlite.pragma(`user_version = ${migrations.length}`);
  });
  pending.immediate();
}
