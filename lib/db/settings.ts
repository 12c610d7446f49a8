import 'server-only';
import { eq } from 'drizzle-orm';
import { cache } from 'react';
import type { z } from 'zod';
import { getDb, schema, type DashboardDb, type DashboardTx } from './index';

/**
 * What this request has read, by key. A page asks for the same setting from several cards (the
 * service's clock, the key's health, the call limit), and each read of the embedded store costs its
 * one thread a query. Inside a render or an action React keeps one map per request; anywhere else
 * (background jobs, scripts) `cache` calls through, so each read goes to the store. A write or a
 * delete forgets its key, so a request reads what it wrote.
 */
const readsThisRequest = cache(() => new Map<string, Promise<string | null>>());

/** The dashboard's small key-value store; callers encrypt secret values before they reach it. */
export function readSetting(key: string): Promise<string | null> {
  const reads = readsThisRequest();
  const known = reads.get(key);
  if (known) return known;
  const read = readFromStore(key);
  reads.set(key, read);
  // A failed read is not kept: the next asks the store again.
  read.catch(() => reads.delete(key));
  return read;
}

async function readFromStore(key: string): Promise<string | null> {
  const [row] = await (await getDb()).select().from(schema.settings).where(eq(schema.settings.key, key));
  return row?.value ?? null;
}

/** Pass the transaction of a change the setting belongs to, so both land together. */
export async function writeSetting(key: string, value: string, db?: DashboardDb | DashboardTx): Promise<void> {
  readsThisRequest().delete(key);
  const updatedAt = new Date().toISOString();
  const store = db ?? (await getDb());
  await store
    .insert(schema.settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt } });
  // Again once written: a read started meanwhile in this request may hold the old value.
  readsThisRequest().delete(key);
}

export async function deleteSetting(key: string, db?: DashboardDb | DashboardTx): Promise<void> {
  readsThisRequest().delete(key);
  const store = db ?? (await getDb());
  await store.delete(schema.settings).where(eq(schema.settings.key, key));
  readsThisRequest().delete(key);
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
