import 'server-only';
import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';

const HOUR_MS = 3_600_000;
/** Counts are kept this long, like the watched deliveries they are read beside. */
export const REFUSAL_RETENTION_MS = 30 * 86_400_000;
/**
 * Distinct sources kept per hour and reason. Anyone can post to the receiver from any address (or
 * any `X-Forwarded-For` a trusted proxy passes on), so without a cap a flood from spoofed or
 * rotating addresses would add a row per address; past the cap they share one `other` row, which
 * keeps the table at most (reasons × cap + reasons) rows an hour.
 */
export const SOURCES_PER_HOUR = 50;
export const OTHER_SOURCE = 'other';
const PURGE_EVERY_MS = HOUR_MS;
let purgedAt = 0;

const t = schema.receiverRefusals;

export const hourOf = (at: number): number => Math.floor(at / HOUR_MS) * HOUR_MS;

/**
 * Counts one refused request in its hour, by reason and source. Two concurrent first refusals from
 * new addresses may both pass the cap check, so an hour can end a few sources over it: still bounded
 * by how many requests run at once, not by how many addresses a flood uses.
 */
export async function noteRefusal(refusal: { reason: string; source: string; at?: number }): Promise<void> {
  const at = refusal.at ?? Date.now();
  const hour = hourOf(at);
  const reason = refusal.reason.slice(0, 64);
  const wanted = refusal.source.slice(0, 64) || 'unknown';
  const db = await getDb();
  const [seen] = await db
    .select({
      sources: count(),
      known: sql<boolean>`coalesce(bool_or(${t.source} = ${wanted}), false)`,
    })
    .from(t)
    .where(and(eq(t.hour, hour), eq(t.reason, reason), ne(t.source, OTHER_SOURCE)));
  const source = seen && !seen.known && seen.sources >= SOURCES_PER_HOUR ? OTHER_SOURCE : wanted;
  await db
    .insert(t)
    .values({ hour, reason, source, count: 1 })
    .onConflictDoUpdate({ target: [t.hour, t.reason, t.source], set: { count: sql`${t.count} + 1` } });
  await purgeOldRefusals(at);
}

/** Removes hours past the retention, at most once an hour per process unless `force`d. */
export async function purgeOldRefusals(now = Date.now(), force = false): Promise<void> {
  if (!force && now - purgedAt < PURGE_EVERY_MS) return;
  purgedAt = now;
  await (await getDb()).delete(t).where(lt(t.hour, hourOf(now) - REFUSAL_RETENTION_MS));
}

export type RefusalRow = { hour: number; reason: string; source: string; count: number };
export type RefusalsView = {
  /** Newest hour first; within an hour, the largest count first. Only hours with refusals. */
  rows: RefusalRow[];
  /** Per reason over the whole span, largest first. */
  totals: { reason: string; count: number }[];
};

/** What the receiver refused in the `hours` whole UTC hours up to `now` (the hour holding `now` included). */
export async function refusalsByHour(now: Date | number, hours = 24): Promise<RefusalsView> {
  const at = typeof now === 'number' ? now : now.getTime();
  const from = hourOf(at) - (hours - 1) * HOUR_MS;
  const rows = await (
    await getDb()
  )
    .select({ hour: t.hour, reason: t.reason, source: t.source, count: t.count })
    .from(t)
    .where(and(gte(t.hour, from), lt(t.hour, hourOf(at) + HOUR_MS)))
    .orderBy(desc(t.hour), desc(t.count), t.reason, t.source);
  const byReason = new Map<string, number>();
  for (const row of rows) byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + row.count);
  const totals = [...byReason]
    .map(([reason, n]) => ({ reason, count: n }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return { rows, totals };
}
