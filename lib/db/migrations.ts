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
];
