import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { getEnv } from '@/lib/config/env';
import { dashboardMigrations } from './migrations';
import * as schema from './schema';
import { seedDemoUsers } from './seed';

export type DashboardDb = BetterSQLite3Database<typeof schema>;

// Survives Next's module reloads in development, so one connection serves the process.
const globalForDb = globalThis as unknown as { dashboardDb?: DashboardDb };

function migrate(sqlite: Database.Database): void {
  const current = Number(sqlite.pragma('user_version', { simple: true }));
  dashboardMigrations.slice(current).forEach((sql, index) => {
    sqlite.transaction(() => {
      sqlite.exec(sql);
      sqlite.pragma(`user_version = ${current + index + 1}`);
    })();
  });
}

export function getDb(): DashboardDb {
  if (globalForDb.dashboardDb) return globalForDb.dashboardDb;
  const { dataDir } = getEnv();
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, 'dashboard.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  migrate(sqlite);
  const db = drizzle(sqlite, { schema });
  seedDemoUsers(db);
  globalForDb.dashboardDb = db;
  return db;
}

export { schema };
