import 'server-only';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { getDb, schema, type DashboardDb, type DashboardTx } from './index';

/** The dashboard's small key-value store; callers encrypt secret values before they reach it. */
export async function readSetting(key: string): Promise<string | null> {
  const [row] = await (await getDb()).select().from(schema.settings).where(eq(schema.settings.key, key));
  return row?.value ?? null;
}

/** Pass the transaction of a change the setting belongs to, so both land together. */
export async function writeSetting(key: string, value: string, db?: DashboardDb | DashboardTx): Promise<void> {
  const updatedAt = new Date().toISOString();
  const store = db ?? (await getDb());
  await store
    .insert(schema.settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt } });
}

export async function deleteSetting(key: string, db?: DashboardDb | DashboardTx): Promise<void> {
  const store = db ?? (await getDb());
  await store.delete(schema.settings).where(eq(schema.settings.key, key));
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
