import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The dashboard's store: PostgreSQL when DATABASE_URL is set, PGlite (PostgreSQL in-process) under DATA_DIR otherwise. */
export type DashboardDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DashboardTx = Parameters<Parameters<DashboardDb['transaction']>[0]>[0];
