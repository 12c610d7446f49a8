import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';

/**
 * The dashboard store a test file runs against, set before the file imports any of lib/: the
 * embedded store in a folder of its own by default, or — when the test command runs the store
 * tests on PostgreSQL (STORE_TEST_PG_URL, a cluster it started) — a database of the file's own.
 * Either is removed after the file's last test.
 */
export async function setUpTestStore(name: string): Promise<void> {
  const id = `${name}_${process.pid}_${Date.now().toString(36)}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  process.env.AUTH_SECRET ??= 'store-test-secret-0123456789abcdefghijklmnop';
  process.env.DATA_DIR = `/tmp/store-test-${id}`;
  const server = process.env.STORE_TEST_PG_URL;
  if (server) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${id}`);
    await admin.end();
    process.env.DATABASE_URL = `${server}/${id}`;
  } else {
    delete process.env.DATABASE_URL;
  }
  afterAll(async () => {
    const { closeDb } = await import('@/lib/db');
    await closeDb();
    rmSync(process.env.DATA_DIR ?? '/nonexistent', { recursive: true, force: true });
    if (server) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: `${server}/postgres` });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
      await admin.end();
    }
  });
}
