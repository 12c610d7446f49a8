import 'server-only';
import { getEnv } from '@/lib/config/env';
import { openEmbeddedStore, openSharedStore, type OpenStore } from './open';
import * as schema from './schema';
import { seedDemoUsers } from './seed';

import type { DashboardDb } from './types';

export type { DashboardDb, DashboardTx } from './types';

// Survives Next's module reloads in development, so one store serves the process.
const globalForDb = globalThis as unknown as { dashboardStore?: Promise<OpenStore> };

async function open(): Promise<OpenStore> {
  const env = getEnv();
  const store = env.DATABASE_URL ? await openSharedStore(env.DATABASE_URL) : await openEmbeddedStore(env.dataDir);
  // Published demo logins exist only beside the sandbox; against a real service the first admin is created with `npm run admin`.
  if (env.PARTNER_API_MODE === 'sandbox') await seedDemoUsers(store.db);
  return store;
}

export function getDb(): Promise<DashboardDb> {
  globalForDb.dashboardStore ??= open().catch((error: unknown) => {
    // A failed open is not kept: the next request tries again (e.g. once the database is up).
    globalForDb.dashboardStore = undefined;
    throw error;
  });
  return globalForDb.dashboardStore.then((store) => store.db);
}

/** Closes the store (tests and scripts that exit); the next getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const store = globalForDb.dashboardStore;
  globalForDb.dashboardStore = undefined;
  if (store) await (await store).close();
}

export { schema };
