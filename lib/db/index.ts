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

/**
 * Each migration runs in a write-locked transaction that reads the version again inside it, so two
 * processes starting on one data directory cannot both apply the same step.
 */
function migrate(sqlite: Database.Database): void {
  for (;;) {
    const applied = sqlite
      .transaction(() => {
        const current = Number(sqlite.pragma('user_version', { simple: true }));
        const next = dashboardMigrations[current];
        if (next === undefined) return false;
        sqlite.exec(next);
        sqlite.pragma(`user_version = ${current + 1}`);
        return true;
      })
      .immediate();
    if (!applied) return;
  }
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
  // Published demo logins exist only beside the sandbox; against a real service the first admin is created with `npm run admin`.
  if (getEnv().PARTNER_API_MODE === 'sandbox') seedDemoUsers(db);
  globalForDb.dashboardDb = db;
  return db;
}

export { schema };
