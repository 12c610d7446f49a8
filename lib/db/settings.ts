import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, schema } from './index';

/** The dashboard's small key-value store; callers encrypt secret values before they reach it. */
export function readSetting(key: string): string | null {
  return getDb().select().from(schema.settings).where(eq(schema.settings.key, key)).get()?.value ?? null;
}

export function writeSetting(key: string, value: string): void {
  const updatedAt = new Date().toISOString();
  getDb()
    .insert(schema.settings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt } })
    .run();
}

export function deleteSetting(key: string): void {
  getDb().delete(schema.settings).where(eq(schema.settings.key, key)).run();
}
