import 'server-only';
import { and, between, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { getDb, schema } from '@/lib/db';
import { rowsOfScope, type SeriesScope } from './scope-rows';

export type DayFigures = { client: number; ai: number; operator: number; messages: number; units: number };

/** The figures of the read days among those asked for; a closed day absent from `read` is not read yet. */
export type ClosedFigures = { byDay: Map<string, DayFigures>; read: Set<string> };

/**
 * A read day's rows are written once, in the same transaction that marks the day read, and never
 * change (lib/usage-series/day-reader.ts): so what this process has read of a day for the account or
 * one robot holds for every instance, and a view whose closed days are all known here asks the store
 * nothing for them. A customer is the robots the directory gives its id, which can change: never kept.
 */
const MAX_SCOPES = 200;
const known = new Map<string, Map<string, DayFigures>>();

function keyOf(scope: SeriesScope): string | null {
  if (scope.kind === 'account') return 'account';
  if (scope.kind === 'robot') return `robot:${scope.robotId}`;
  return null;
}

function fromKnown(key: string | null, wanted: string[]): ClosedFigures | null {
  const days = key === null ? undefined : known.get(key);
  if (!days || !wanted.every((day) => days.has(day))) return null;
  // Most recently used last, so the oldest scope is the one let go.
  known.delete(key as string);
  known.set(key as string, days);
  const byDay = new Map(wanted.map((day) => [day, days.get(day) as DayFigures]));
  return { byDay, read: new Set(wanted) };
}

function remember(key: string, byDay: Map<string, DayFigures>): void {
  const days = known.get(key) ?? new Map<string, DayFigures>();
  for (const [day, figures] of byDay) days.set(day, figures);
  known.delete(key);
  known.set(key, days);
  while (known.size > MAX_SCOPES) known.delete(known.keys().next().value as string);
}

/**
 * The scope's figures for every read day from `fromDay` to `toDay`, in one statement that reads
 * which days are read and their sums together (two apart could see a day marked read before its
 * rows); none when every day of `closedDays` is already known here.
 */
export async function closedFigures(scope: SeriesScope, fromDay: string, toDay: string, closedDays: string[]): Promise<ClosedFigures> {
  const key = keyOf(scope);
  const cached = fromKnown(key, closedDays);
  if (cached) return cached;
  const r = schema.usageDaysRead;
  const d = schema.usageDays;
  const sum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number);
  const rows = await (
    await getDb()
  )
    .select({ day: r.day, client: sum(d.client), ai: sum(d.ai), operator: sum(d.operator), messages: sum(d.messages), units: sum(d.units) })
    .from(r)
    .leftJoin(d, and(eq(d.day, r.day), rowsOfScope(scope)))
    .where(between(r.day, fromDay, toDay))
    .groupBy(r.day);
  const byDay = new Map(rows.map(({ day, ...figures }) => [day, figures]));
  if (key !== null) remember(key, byDay);
  return { byDay, read: new Set(byDay.keys()) };
}
