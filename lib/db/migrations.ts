import 'server-only';

/** Applied in order on first start; `PRAGMA user_version` records how many have run. */
export const dashboardMigrations: readonly string[] = [
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     name TEXT NOT NULL,
     role TEXT NOT NULL CHECK (role IN ('admin', 'viewer')),
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );`,
  // What connect and PATCH answered, which the robots list does not carry (handle, since when),
  // and the social-DM handshakes we started, so a pending one can be resumed with its exact URL.
  `CREATE TABLE channel_snapshots (
     channel_id TEXT PRIMARY KEY,
     robot_id TEXT NOT NULL,
     type TEXT,
     username TEXT,
     status TEXT,
     is_active INTEGER,
     connected_at TEXT,
     observed_at TEXT NOT NULL
   );
   CREATE INDEX channel_snapshots_robot ON channel_snapshots (robot_id);
   CREATE TABLE handshakes (
     channel_id TEXT PRIMARY KEY,
     robot_id TEXT NOT NULL,
     authorisation_url TEXT NOT NULL,
     expires_at TEXT,
     started_at TEXT NOT NULL,
     started_by TEXT NOT NULL
   );
   CREATE INDEX handshakes_robot ON handshakes (robot_id);`,
  // Events our webhook receiver accepted, once per webhook-id (retries of one event share it).
  `CREATE TABLE webhook_events (
     webhook_id TEXT PRIMARY KEY,
     event_id TEXT,
     type TEXT NOT NULL,
     robot_id TEXT,
     external_id TEXT,
     conversation_id TEXT,
     is_test INTEGER NOT NULL,
     payload TEXT NOT NULL,
     received_at TEXT NOT NULL
   );
   CREATE INDEX webhook_events_received ON webhook_events (received_at);
   CREATE INDEX webhook_events_conversation ON webhook_events (conversation_id);`,
  // Sessions are stateless JWTs; signing out records this so a copy of the cookie stops working.
  `ALTER TABLE users ADD COLUMN sessions_valid_after INTEGER;`,
  // The dashboard's own calls to the API, for its share of the account's per-minute budget.
  `CREATE TABLE api_calls (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at INTEGER NOT NULL,
     purpose TEXT NOT NULL
   );
   CREATE INDEX api_calls_at ON api_calls (at);`,
  // The robot directory: the robots list as last read, so no page has to walk it.
  `CREATE TABLE robot_directory (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     name_key TEXT NOT NULL,
     external_id TEXT,
     created_at TEXT,
     position INTEGER NOT NULL,
     channels TEXT NOT NULL,
     read_at TEXT NOT NULL
   );
   CREATE INDEX robot_directory_name ON robot_directory (name_key);
   CREATE INDEX robot_directory_external ON robot_directory (external_id);
   CREATE INDEX robot_directory_position ON robot_directory (position);
   CREATE TABLE robot_directory_channels (
     channel_id TEXT NOT NULL,
     robot_id TEXT NOT NULL,
     type TEXT NOT NULL,
     is_active INTEGER,
     PRIMARY KEY (robot_id, channel_id)
   );
   CREATE INDEX robot_directory_channels_type ON robot_directory_channels (type, is_active);`,
  // Usage reports read whole and kept: a view reads one instead of paging the API per robot.
  `CREATE TABLE usage_snapshots (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     key TEXT NOT NULL,
     from_at TEXT NOT NULL,
     to_at TEXT NOT NULL,
     started_at TEXT NOT NULL,
     finished_at TEXT,
     pages_done INTEGER NOT NULL DEFAULT 0,
     pages_total INTEGER,
     processed_at TEXT,
     cache_hit INTEGER,
     error TEXT
   );
   CREATE INDEX usage_snapshots_key ON usage_snapshots (key, id);
   CREATE TABLE usage_snapshot_rows (
     snapshot_id INTEGER NOT NULL,
     position INTEGER NOT NULL,
     robot_id TEXT NOT NULL,
     entry TEXT NOT NULL,
     messages INTEGER NOT NULL,
     units REAL NOT NULL,
     conversations INTEGER NOT NULL,
     PRIMARY KEY (snapshot_id, robot_id)
   );
   CREATE INDEX usage_snapshot_rows_position ON usage_snapshot_rows (snapshot_id, position);`,
  // Failed sign-ins, per account and per address, for throttling.
  `CREATE TABLE sign_in_failures (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     key TEXT NOT NULL,
     at INTEGER NOT NULL
   );
   CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);`,
];
