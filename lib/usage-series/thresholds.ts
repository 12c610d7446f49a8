import 'server-only';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { ThresholdScope } from '@/lib/db/schema';
import { addDays, dayStartMs } from './days';
import { thresholdScope } from './scope';
import { rowsOfScope } from './scope-rows';

export type UsageThreshold = typeof schema.usageThresholds.$inferSelect;

/** Where a threshold stands this month: units so far, the forecast from the third day on, and the marks. */
export type ThresholdStanding = UsageThreshold & {
  monthToDate: number;
  /** Closed days of this month read so far: the "days elapsed" of the forecast. */
  daysElapsed: number;
  daysInMonth: number;
  /** Month-to-date ÷ days elapsed × days in the month; null before the third day (too little to go on). */
  forecast: number | null;
  over: boolean;
  forecastOver: boolean;
};

export async function listThresholds(): Promise<UsageThreshold[]> {
  const t = schema.usageThresholds;
  return (await getDb()).select().from(t).orderBy(asc(t.scope), asc(t.scopeId));
}

/** Sets (or replaces) the threshold of one scope. */
export async function setThreshold(input: {
  scope: ThresholdScope;
  scopeId: string;
  monthlyUnits: number;
  setBy: string;
}): Promise<UsageThreshold> {
  const t = schema.usageThresholds;
  const values = { ...input, scopeId: input.scope === 'account' ? '' : input.scopeId, setAt: Date.now() };
  const [row] = await (
    await getDb()
  )
    .insert(t)
    .values(values)
    .onConflictDoUpdate({
      target: [t.scope, t.scopeId],
      set: { monthlyUnits: values.monthlyUnits, setBy: values.setBy, setAt: values.setAt },
    })
    .returning();
  if (!row) throw new Error('The threshold was not stored.');
  return row;
}

export async function removeThreshold(id: number): Promise<UsageThreshold | null> {
  const [row] = await (await getDb()).delete(schema.usageThresholds).where(eq(schema.usageThresholds.id, id)).returning();
  return row ?? null;
}

/** The forecast rule, on its own for testing: linear from the month so far, UTC calendar months, from the third day on. */
export function monthForecast(monthToDate: number, daysElapsed: number, daysInMonth: number): number | null {
  if (daysElapsed < 3) return null;
  return Math.round((monthToDate / daysElapsed) * daysInMonth);
}

/** Each threshold against the month of `today` (UTC), from the closed days the store has read. */
export async function thresholdStandings(today: string): Promise<ThresholdStanding[]> {
  const thresholds = await listThresholds();
  if (thresholds.length === 0) return [];
  const monthStart = `${today.slice(0, 8)}01`;
  const start = new Date(dayStartMs(monthStart));
  const daysInMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
  const lastDay = addDays(monthStart, daysInMonth - 1);
  const db = await getDb();
  const read = await db
    .select({ day: schema.usageDaysRead.day })
    .from(schema.usageDaysRead)
    .where(between(schema.usageDaysRead.day, monthStart, lastDay));
  const daysElapsed = read.length;
  return Promise.all(
    thresholds.map(async (threshold) => {
      const d = schema.usageDays;
      const [row] = await db
        .select({ units: sql<number>`coalesce(sum(${d.units}), 0)::float8`.mapWith(Number) })
        .from(d)
        .where(and(between(d.day, monthStart, lastDay), rowsOfScope(thresholdScope(threshold))));
      const monthToDate = row?.units ?? 0;
      const forecast = monthForecast(monthToDate, daysElapsed, daysInMonth);
      return {
        ...threshold,
        monthToDate,
        daysElapsed,
        daysInMonth,
        forecast,
        over: monthToDate >= threshold.monthlyUnits,
        forecastOver: forecast !== null && forecast >= threshold.monthlyUnits,
      };
    }),
  );
}
