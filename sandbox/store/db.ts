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
  /**
   * The stored value of `key`, or `make()` stored first if there is none. Atomic across processes
   * sharing the data directory (insert-or-ignore, then read back): every caller gets the one value
   * that won, never its own discarded candidate.
   */
  settingOnce(key: string, make: () => string): string;
  /** Runs fn in one SQLite transaction; better-sqlite3 is synchronous, so fn must be too. */
  transaction<T>(fn: () => T): T;
  /**
   * Rows changed through this connection and SQLite's data version (which moves when another
   * connection commits): equal counters mean nothing was written in between.
   */
  changeCounters(): readonly [number, number];
  close(): void;
}

export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, 'sandbox.sqlite'));
  // First: switching a new file to WAL takes a lock, and another sandbox starting on the same
  // directory may hold it; with the timeout set this waits instead of failing with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // A 64 MiB page cache (the default is 2 MiB) keeps the usage roll-ups of a large account in memory.
  sqlite.pragma('cache_size = -65536');
  migrate(sqlite);
  const db = drizzle(sqlite, { schema });
  // Two statements: together in one SELECT (through pragma_data_version) they cost more than apart.
  const ownChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Another connection's commits are read once per event-loop turn: the pragma opens a read
  // transaction (file locks), which under load cost a sixth of a replayed answer. This process's
  // own writes are counted exactly on every call (total_changes needs no transaction).
  let versionThisTurn: number | undefined;
  const forgetVersion = () => {
    versionThisTurn = undefined;
  };
  const getSetting = (key: string) => db.select().from(schema.settings).where(eq(schema.settings.key, key)).get()?.value;

  return {
    db,
    sqlite,
    getSetting,
    setSetting(key, value) {
      db.insert(schema.settings).values({ key, value }).onConflictDoUpdate({ target: schema.settings.key, set: { value } }).run();
    },
    settingOnce(key, make) {
      db.insert(schema.settings).values({ key, value: make() }).onConflictDoNothing({ target: schema.settings.key }).run();
      const stored = getSetting(key);
      // The row was just inserted or already there; settings rows are never deleted.
      if (stored === undefined) throw new Error(`setting ${key} vanished after insert-or-ignore`);
      return stored;
    },
    transaction(fn) {
      return sqlite.transaction(fn)();
    },
    changeCounters() {
      if (versionThisTurn === undefined) {
        versionThisTurn = dataVersion.get() as number;
        setImmediate(forgetVersion);
      }
      return [ownChanges.get() as number, versionThisTurn];
    },
    close() {
      sqlite.close();
    },
  };
}
