import type Database from 'better-sqlite3';
import { planWindow } from './time-buckets';

/** Activity of one robot over an inclusive window (D12), before it is shaped into a Usage entry. */
export interface Figures {
  client: number;
  ai: number;
  operator: number;
  units: number;
  conversations: number;
}

export const emptyFigures = (): Figures => ({ client: 0, ai: 0, operator: 0, units: 0, conversations: 0 });

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Statements take one placeholder per robot id, so they are prepared per id count and reused. */
function statement(sqlite: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(sqlite);
  if (!cache) {
    cache = new Map();
    statementCache.set(sqlite, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    // Shapes are few (id count x window plan) but unbounded in principle: start over past a cap.
    if (cache.size >= 500) cache.clear();
    prepared = sqlite.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

interface PartRow {
  robot_id: string;
  client?: number;
  ai?: number;
  operator?: number;
  units?: number;
  conversations?: number;
}

/**
 * Figures from the roll-ups. Each part is one statement grouped by robot (rows are aggregated inside
 * SQLite; at most one row per robot comes back), added up here:
 *  - whole months from usage_monthly, the other whole days from usage_daily: counts, units and the
 *    single-day conversations (those whose messages all fall on that one day);
 *  - multi-day conversations with a day in the whole-day span: COUNT(DISTINCT) over their days;
 *  - the partial edge days from the messages of those days only (index on robot_id, at), and the
 *    conversations seen there that have no day in the whole-day span (distinct across both edges).
 * A single-day conversation counted by a counter has its one day inside the span, so it is never at
 * an edge; a multi-day one is counted in the span or, failing that, at an edge: never twice.
 */
export function rollupFigures(sqlite: Database.Database, robotIds: readonly string[], fromMs: number, toMs: number): Map<string, Figures> {
  const out = new Map<string, Figures>(robotIds.map((id) => [id, emptyFigures()]));
  if (robotIds.length === 0) return out;
  const ids = placeholders(robotIds.length);
  const plan = planWindow(fromMs, toMs);
  const add = (sql: string, args: (string | number)[]) => {
    for (const row of statement(sqlite, sql).all(...args) as PartRow[]) {
      const figures = out.get(row.robot_id);
      if (!figures) continue;
      figures.client += row.client ?? 0;
      figures.ai += row.ai ?? 0;
      figures.operator += row.operator ?? 0;
      figures.units += row.units ?? 0;
      figures.conversations += row.conversations ?? 0;
    }
  };
  const buckets = (table: string, key: string) =>
    `SELECT robot_id, SUM(client) AS client, SUM(ai) AS ai, SUM(operator) AS operator, SUM(units) AS units,
      SUM(single_day_conversations) AS conversations FROM ${table} WHERE robot_id IN (${ids}) AND ${key} BETWEEN ? AND ? GROUP BY robot_id`;

  if (plan.months) add(buckets('usage_monthly', 'month'), [...robotIds, plan.months.from, plan.months.to]);
  for (const days of plan.days) add(buckets('usage_daily', 'day'), [...robotIds, days.from, days.to]);
  if (plan.fullDays) {
    add(
      `SELECT robot_id, COUNT(DISTINCT conversation_id) AS conversations FROM multi_day_conversation_days
        WHERE robot_id IN (${ids}) AND day BETWEEN ? AND ? GROUP BY robot_id`,
      [...robotIds, plan.fullDays.from, plan.fullDays.to],
    );
  }
  if (plan.edges.length === 0) return out;

  // One SELECT per edge range: an OR of two ranges would lose the index range seek.
  const edgeMessages = (columns: string) =>
    plan.edges.map(() => `SELECT ${columns} FROM messages WHERE robot_id IN (${ids}) AND at BETWEEN ? AND ?`).join(' UNION ALL ');
  const edgeArgs = plan.edges.flatMap((edge) => [...robotIds, edge.from, edge.to]);
  add(
    `SELECT robot_id, SUM(role = 'client') AS client, SUM(role = 'ai') AS ai, SUM(role = 'operator') AS operator, SUM(units) AS units
      FROM (${edgeMessages('robot_id, role, units')}) GROUP BY robot_id`,
    edgeArgs,
  );
  if (plan.fullDays) {
    add(
      `SELECT robot_id, COUNT(DISTINCT conversation_id) AS conversations FROM (${edgeMessages('robot_id, conversation_id')}) AS e
        WHERE NOT EXISTS (SELECT 1 FROM conversation_days d WHERE d.conversation_id = e.conversation_id AND d.day BETWEEN ? AND ?)
        GROUP BY robot_id`,
      [...edgeArgs, plan.fullDays.from, plan.fullDays.to],
    );
  } else {
    add(`SELECT robot_id, COUNT(DISTINCT conversation_id) AS conversations FROM (${edgeMessages('robot_id, conversation_id')}) GROUP BY robot_id`, edgeArgs);
  }
  return out;
}

/**
 * The same figures by scanning every message in the window: the reference the roll-ups are tested
 * against, and the baseline of the benchmark.
 */
export function scanFigures(sqlite: Database.Database, robotIds: readonly string[], fromMs: number, toMs: number): Map<string, Figures> {
  const out = new Map<string, Figures>(robotIds.map((id) => [id, emptyFigures()]));
  if (robotIds.length === 0) return out;
  const sql = `SELECT robot_id, SUM(role = 'client') AS client, SUM(role = 'ai') AS ai, SUM(role = 'operator') AS operator,
    SUM(units) AS units, COUNT(DISTINCT conversation_id) AS conversations
    FROM messages WHERE robot_id IN (${placeholders(robotIds.length)}) AND at BETWEEN ? AND ? GROUP BY robot_id`;
  for (const row of statement(sqlite, sql).all(...robotIds, fromMs, toMs) as (Figures & { robot_id: string })[]) {
    const { robot_id, ...figures } = row;
    out.set(robot_id, figures);
  }
  return out;
}
