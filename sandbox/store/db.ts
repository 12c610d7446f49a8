import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { eq } from 'drizzle-orm';
import * as schema from './schema';
import { migrate } from './migrations';

export type Db = BetterSQLite3Database<typeof schema>;

export interface Store {
  db: Db;
  sqlite: Database.Database;
  getSetting(key: string): string | undefined;
  setSetting(key: string, value: string): void;
  /** Runs fn in one SQLite transaction; better-sqlite3 is synchronous, so fn must be too. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, 'sandbox.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A 64 MiB page cache (the default is 2 MiB) keeps the usage roll-ups of a large account in memory.
  sqlite.pragma('cache_size = -65536');
  migrate(sqlite);
  const db = drizzle(sqlite, { schema });

  return {
    db,
    sqlite,
    getSetting(key) {
      return db.select().from(schema.settings).where(eq(schema.settings.key, key)).get()?.value;
    },
    setSetting(key, value) {
      db.insert(schema.settings).values({ key, value }).onConflictDoUpdate({ target: schema.settings.key, set: { value } }).run();
    },
    transaction(fn) {
      return sqlite.transaction(fn)();
    },
    close() {
      sqlite.close();
    },
  };
}
