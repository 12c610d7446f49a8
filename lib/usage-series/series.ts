import 'server-only';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { getDb, schema } from '@/lib/db';
import { closedFigures } from './closed-days';
import { addDays, daysFrom, isClosed } from './days';
import type { SeriesScope } from './scope-rows';

/**
 * One day of a series. `closed`: read from the API once the day was over, final. `provisional`: a
 * day not closed yet, counted from the events our receiver stored (no units: events do not carry
 * the model's rate). `not_read`: closed, but its turn in the background read has not come; drawn
 * as missing, never as zero.
 */
export type SeriesPoint = {
  day: string;
  state: 'closed' | 'provisional' | 'not_read';
  client: number | null;
  ai: number | null;
  operator: number | null;
  messages: number | null;
  units: number | null;
};

export type UsageSeries = {
  scope: SeriesScope;
  points: SeriesPoint[];
  /** The window of the same length just before, for comparison. */
  previous: SeriesPoint[];
  /** Closed days of both windows, and how many of them are read. */
  closedDays: number;
  readDays: number;
};

const empty = (day: string, state: SeriesPoint['state']): SeriesPoint => ({
  day,
  state,
  client: null,
  ai: null,
  operator: null,
  messages: null,
  units: null,
});

/** Messages by role on days not closed yet, from the events our receiver stored (tests excluded). */
async function provisionalFigures(
  scope: SeriesScope,
  fromDay: string,
): Promise<Map<string, { client: number; ai: number; operator: number }>> {
  const e = schema.webhookEvents;
  const day = sql<string>`substr(${e.occurredAt}, 1, 10)`;
  const role = sql<string | null>`${e.payload}::jsonb #>> '{data,message,role}'`;
  const who =
    scope.kind === 'customer' ? eq(e.externalId, scope.externalId) : scope.kind === 'robot' ? eq(e.robotId, scope.robotId) : undefined;
  const rows = await (
    await getDb()
  )
    .select({ day, type: e.type, role, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(e)
    .where(
      and(eq(e.isTest, false), inArray(e.type, ['message.received', 'message.sent']), gte(e.occurredAt, `${fromDay}T00:00:00.000Z`), who),
    )
    .groupBy(sql`1`, sql`2`, sql`3`);
  const figures = new Map<string, { client: number; ai: number; operator: number }>();
  for (const row of rows) {
    const f = figures.get(row.day) ?? { client: 0, ai: 0, operator: 0 };
    if (row.type === 'message.received') f.client += row.n;
    else if (row.role === 'operator') f.operator += row.n;
    else f.ai += row.n;
    figures.set(row.day, f);
  }
  return figures;
}

/** The daily series of a window (UTC days, both ends included) and of the window before it. */
export async function usageSeries(scope: SeriesScope, fromDay: string, toDay: string, wall = Date.now()): Promise<UsageSeries> {
  const days = daysFrom(fromDay, toDay);
  const previousFrom = addDays(fromDay, -days.length);
  const previousDays = daysFrom(previousFrom, addDays(fromDay, -1));
  const now = await serviceClockNow(wall);
  const allDays = [...previousDays, ...days];
  const firstOpen = allDays.find((day) => !isClosed(day, now));
  const [closed, provisional] = await Promise.all([
    closedFigures(
      scope,
      previousFrom,
      toDay,
      allDays.filter((day) => isClosed(day, now)),
    ),
    firstOpen ? provisionalFigures(scope, firstOpen) : Promise.resolve(new Map<string, { client: number; ai: number; operator: number }>()),
  ]);
  let closedDays = 0;
  let readDays = 0;
  const pointOf = (day: string): SeriesPoint => {
    if (!isClosed(day, now)) {
      const f = provisional.get(day) ?? { client: 0, ai: 0, operator: 0 };
      return { day, state: 'provisional', ...f, messages: f.client + f.ai + f.operator, units: null };
    }
    closedDays += 1;
    if (!closed.read.has(day)) return empty(day, 'not_read');
    readDays += 1;
    const f = closed.byDay.get(day);
    return {
      day,
      state: 'closed',
      client: f?.client ?? 0,
      ai: f?.ai ?? 0,
      operator: f?.operator ?? 0,
      messages: f?.messages ?? 0,
      units: f?.units ?? 0,
    };
  };
  return { scope, points: days.map(pointOf), previous: previousDays.map(pointOf), closedDays, readDays };
}
