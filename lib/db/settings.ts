import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { cache } from 'react';
import type { z } from 'zod';
import { getDb, schema, type DashboardDb, type DashboardTx } from './index';

/**
 * The settings as this request read them. A page asks for several settings from several cards (the
 * service's clock, the key's health, the call limit, the re-enable run), and each statement costs
 * the embedded store's one thread a round: so a render or an action reads the whole (small) table
 * once, and each key from that. React keeps one of these per request; anywhere else (background
 * jobs, scripts) `cache` calls through and each read asks the store for its own key. A write or a
 * delete forgets what was read, so a request reads what it wrote.
 */
type RequestReads = { all: Promise<Map<string, string>> | null };
const readsThisRequest = cache((): RequestReads => ({ all: null }));

/** Inside a render or an action React hands the same object back; outside it makes a new one each time. */
const inRequest = () => readsThisRequest() === readsThisRequest();

/** The dashboard's small key-value store; callers encrypt secret values before they reach it. */
export async function readSetting(key: string): Promise<string | null> {
  if (!inRequest()) return readOneFromStore(key);
  const reads = readsThisRequest();
  if (!reads.all) {
    const all = readAllFromStore();
    reads.all = all;
    // A failed read is not kept: the next asks the store again.
    all.catch(() => {
      if (reads.all === all) reads.all = null;
    });
  }
  return (await reads.all).get(key) ?? null;
}

async function readOneFromStore(key: string): Promise<string | null> {
  const [row] = await (await getDb()).select({ value: schema.settings.value }).from(schema.settings).where(eq(schema.settings.key, key));
  return row?.value ?? null;
}

async function readAllFromStore(): Promise<Map<string, string>> {
  const rows = await (await getDb()).select({ key: schema.settings.key, value: schema.settings.value }).from(schema.settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

function forgetReads(): void {
  if (inRequest()) readsThisRequest().all = null;
}

/**
 * After a write this request knows the value it wrote: the table it read keeps the rest, so a later
 * read costs no statement. A read still under way is chained, so it cannot hand back the old value.
 */
function rememberWrite(key: string, value: string): void {
  if (!inRequest()) return;
  const reads = readsThisRequest();
  const before = reads.all;
  if (!before) return;
  const after = before.then((all) => new Map(all).set(key, value));
  reads.all = after;
  after.catch(() => {
    if (reads.all === after) reads.all = null;
  });
}

/** Pass the transaction of a change the setting belongs to, so both land together. */
export async function writeSetting(key: string, value: string, db?: DashboardDb | DashboardTx): Promise<void> {
  forgetReads();
  const updatedAt = new Date().toISOString();
  const store = db ?? (await getDb());
  await store
    .insert(schema.settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt } });
  // Again once written: a read started meanwhile in this request may hold the old value.
  forgetReads();
}

/**
 * Sets some top-level fields of a setting that holds a JSON object, keeping the others, in one
 * statement: the merge happens in the store, so two writers of different fields cannot put back
 * what the other just changed, and no lock or transaction is needed. Gives the whole value as
 * written; null when the stored value is not a JSON object (the caller then writes it whole).
 */
export async function mergeJsonSetting(key: string, fields: Record<string, unknown>): Promise<string | null> {
  const change = JSON.stringify(fields);
  const updatedAt = new Date().toISOString();
  const db = await getDb();
  let written: string | undefined;
  try {
    const rows = await db
      .insert(schema.settings)
      .values({ key, value: change, updatedAt })
      .onConflictDoUpdate({
        target: schema.settings.key,
        set: { value: sql`(${schema.settings.value}::jsonb || ${change}::jsonb)::text`, updatedAt },
        // Only over an object: `||` on an array or a scalar would not merge fields.
        setWhere: sql`jsonb_typeof(${schema.settings.value}::jsonb) = 'object'`,
      })
      .returning({ value: schema.settings.value });
    written = rows[0]?.value;
  } catch {
    // The stored value is not JSON at all: the cast refused it, and nothing was written.
    written = undefined;
  }
  if (written === undefined) {
    forgetReads();
    return null;
  }
  rememberWrite(key, written);
  return written;
}

export async function deleteSetting(key: string, db?: DashboardDb | DashboardTx): Promise<void> {
  forgetReads();
  const store = db ?? (await getDb());
  await store.delete(schema.settings).where(eq(schema.settings.key, key));
  forgetReads();
}

/** A setting stored as JSON, read through its schema; null when absent, unreadable or of another shape. */
export function parseJsonSetting<T>(raw: string | null | undefined, schema: z.ZodType<T>): T | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function readJsonSetting<T>(key: string, schema: z.ZodType<T>): Promise<T | null> {
  return parseJsonSetting(await readSetting(key), schema);
}
