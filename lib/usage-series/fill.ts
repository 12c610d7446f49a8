import 'server-only';
import { count, gte } from 'drizzle-orm';
import { CallBudgetSpentError } from '@/lib/connection/budget';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { getDb, schema } from '@/lib/db';
import { addDays, MAX_SERIES_DAYS, newestClosedDay } from './days';
import { readClosedDay } from './day-reader';

/** The days the fill reads: the newest closed day by the service's clock, and a year back from it. */
async function yearOfClosedDays(wall: number): Promise<{ newest: string; oldest: string }> {
  const newest = newestClosedDay(await serviceClockNow(wall));
  return { newest, oldest: addDays(newest, -(MAX_SERIES_DAYS - 1)) };
}

/**
 * The background read of closed days, newest first, back to a year before the newest: each day
 * once, on the background share of the call budget (one call per 100 robots a day). A pass stops
 * when the share is spent or after `maxDays`, and the next pass goes on where it stopped.
 * docs/dashboard/usage-over-time.md gives what it costs.
 */
export async function fillPass(options: { maxDays?: number; wall?: number } = {}): Promise<{ days: number; calls: number }> {
  const { newest, oldest } = await yearOfClosedDays(options.wall ?? Date.now());
  const read = new Set(
    (
      await (
        await getDb()
      )
        .select({ day: schema.usageDaysRead.day })
        .from(schema.usageDaysRead)
        .where(gte(schema.usageDaysRead.day, oldest))
    ).map((r) => r.day),
  );
  const tally = { days: 0, calls: 0 };
  for (let day = newest; day >= oldest && tally.days < (options.maxDays ?? 30); day = addDays(day, -1)) {
    if (read.has(day)) continue;
    try {
      tally.calls += (await readClosedDay(day)).calls;
      tally.days += 1;
    } catch (error) {
      if (error instanceof CallBudgetSpentError) break;
      throw error;
    }
  }
  return tally;
}

/** How far the read of the year's closed days has come (for monitoring): days read of the days wanted. */
export async function fillProgress(wall = Date.now()): Promise<{ read: number; wanted: number }> {
  const { oldest } = await yearOfClosedDays(wall);
  const [row] = await (await getDb()).select({ n: count() }).from(schema.usageDaysRead).where(gte(schema.usageDaysRead.day, oldest));
  return { read: row?.n ?? 0, wanted: MAX_SERIES_DAYS };
}
