import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { holdDataDirLock } from './data-dir-lock';
import type { DashboardDb } from './types';
import { profiled, profiling } from '@/lib/config/bench-profile';

export interface OpenStore {
  db: DashboardDb;
  close: () => Promise<void>;
}

/** drizzle-kit's output (lib/db/migrations), read at start. */
const MIGRATIONS = { migrationsFolder: path.join(process.cwd(), 'lib', 'db', 'migrations') };

/** Any number, the same in every instance: the migration lock's key. */
const MIGRATION_LOCK_KEY = 7_513_201;

/** PGlite in DATA_DIR/dashboard-db: one process at a time (a lock file refuses a second one with the fix). */
export async function openEmbeddedStore(dataDir: string): Promise<OpenStore> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = holdDataDirLock(dataDir);
  try {
    // The dashboard's tables are small: PostgreSQL's default buffers would only double the process's memory.
    const client = await PGlite.create(path.join(dataDir, 'dashboard-db'), { postgresqlconf: ['shared_buffers = 32MB', 'work_mem = 4MB'] });
    if (profiling) profileQueries(client);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, MIGRATIONS);
    return {
      db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The pages bench's profile (lib/config/bench-profile.ts): every statement the embedded store runs is timed as store work. */
function profileQueries(client: PGlite): void {
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<typeof query>) => profiled('store', () => query.apply(client, args))) as typeof query;
  client.exec = (...args: Parameters<typeof exec>) => profiled('store', () => exec.apply(client, args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    profiled('store', () => transaction.apply(client, args))) as typeof transaction;
}

/**
 * PostgreSQL shared by every instance. Migrations run under an advisory lock, so instances starting
 * together apply each one once.
 */
export async function openSharedStore(url: string): Promise<OpenStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) is replaced on next use; unhandled, it would end the process.
  pool.on('error', (error) => console.warn(`[store] an idle PostgreSQL connection failed: ${error.message}`));
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), MIGRATIONS);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  return { db: drizzleNodePg({ client: pool, schema }), close: () => pool.end() };
}
