// Migrations appended after those of migrations.ts (kept apart so each file stays readable); the
// same rule holds: once released, never edited.
export const retentionMigrations: readonly string[] = [
  // History retention: a social-DM subscription beside the standard one (the existing tier, held by
  // every account so far), the usage figures of purged messages (the billing record outlives the
  // history), and the indexes the purge deletes through.
  `
  ALTER TABLE accounts ADD COLUMN standard_plan INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE accounts ADD COLUMN social_dm_tier TEXT;
  CREATE TABLE purged_message_usage (
    robot_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    role TEXT NOT NULL,
    units INTEGER NOT NULL,
    conversation_id TEXT NOT NULL
  );
  CREATE INDEX purged_message_usage_robot_at ON purged_message_usage (robot_id, at);
  CREATE INDEX conversations_account_robot ON conversations (account_id, robot_id);
  CREATE INDEX events_account_created ON events (account_id, created_at);
  CREATE INDEX attachments_account_created ON attachments (account_id, created_at);
  CREATE INDEX attachments_conversation ON attachments (conversation_id);
  CREATE INDEX reply_queue_account_queued ON reply_queue (account_id, queued_at);
  `,
];
