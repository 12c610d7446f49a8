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

/** Where each message's figures are read: the messages kept, and those the retention purge removed. */
const USAGE_SOURCES = ['messages', 'purged_message_usage'] as const;

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * A part's row, read in raw (array) mode: cheaper than an object per row, and every part selects
 * the same columns in this order (0 where it has nothing to add).
 */
type PartRow = [
  robotId: string,
  client: number | null,
  ai: number | null,
  operator: number | null,
  units: number | null,
  conversations: number | null,
];

/**
 * Figures from the roll-ups. Each part is one statement returning at most one row per robot
 * (aggregated inside SQLite), added up here:
 *  - the whole days of the window from usage_cumulative: for each robot, the running totals of its
 *    latest day up to the span's last day minus those of its latest day before the span's first
 *    (two index seeks per robot, however long the window): counts, units and the single-day
 *    conversations (those whose messages all fall on that one day);
 *  - multi-day conversations with a day in the whole-day span: COUNT(DISTINCT) over their days;
 *  - the partial edge days from the messages of those days only (index on robot_id, at), and the
 *    conversations seen there that have no day in the whole-day span (distinct across both edges).
 * A single-day conversation counted by a counter has its one day inside the span, so it is never at
 * an edge; a multi-day one is counted in the span or, failing that, at an edge: never twice.
 */
export function rollupFigures(sqlite: Database.Database, robotIds: readonly string[], fromMs: number, toMs: number): Map<string, Figures> {
  const out = new Map<string, Figures>(robotIds.map((id) => [id, emptyFigures()]));
  if (out.size === 0) return out;
  // Distinct ids: the running totals are read once per listed id.
  const unique = [...out.keys()];
  const ids = placeholders(unique.length);
  const plan = planWindow(fromMs, toMs);
  const add = (sql: string, args: (string | number)[]) => {
    const rows = statement(sqlite, sql)
      .raw(true)
      .all(...args) as PartRow[];
    for (const [robotId, client, ai, operator, units, conversations] of rows) {
      const figures = out.get(robotId);
      if (!figures) continue;
      figures.client += client ?? 0;
      figures.ai += ai ?? 0;
      figures.operator += operator ?? 0;
      figures.units += units ?? 0;
      figures.conversations += conversations ?? 0;
    }
  };

  if (plan.fullDays) {
    // A robot with no day up to the span's end has no row here (nothing to add); one with no day
    // before the span's start subtracts nothing.
    const latest = (op: '<=' | '<') => `(SELECT MAX(day) FROM usage_cumulative WHERE robot_id = r.id AND day ${op} ?)`;
    const minus = (column: string) => `hi.${column} - IFNULL(lo.${column}, 0)`;
    add(
      `WITH r(id) AS (VALUES ${unique.map(() => '(?)').join(', ')})
        SELECT r.id, ${['client', 'ai', 'operator', 'units', 'single_day_conversations'].map(minus).join(', ')} FROM r
        JOIN usage_cumulative hi ON hi.robot_id = r.id AND hi.day = ${latest('<=')}
        LEFT JOIN usage_cumulative lo ON lo.robot_id = r.id AND lo.day = ${latest('<')}`,
      [...unique, plan.fullDays.to, plan.fullDays.from],
    );
    add(
      `SELECT robot_id, 0, 0, 0, 0, COUNT(DISTINCT conversation_id) AS conversations FROM multi_day_conversation_days
        WHERE robot_id IN (${ids}) AND day BETWEEN ? AND ? GROUP BY robot_id`,
      [...unique, plan.fullDays.from, plan.fullDays.to],
    );
  }
  if (plan.edges.length === 0) return out;

  // The edge days in one pass over their messages (index on robot_id, at): counts, units, and the
  // conversations seen there that have no day in the whole-day span (distinct across both edges).
  // One SELECT per edge range: an OR of two ranges would lose the index range seek.
  // Messages purged by retention (decision 0026) left their figures in purged_message_usage: an
  // edge reads both tables, so a purge never changes a report.
  const edgeMessages = plan.edges
    .flatMap(() =>
      USAGE_SOURCES.map(
        (table) => `SELECT robot_id, role, units, conversation_id FROM ${table} WHERE robot_id IN (${ids}) AND at BETWEEN ? AND ?`,
      ),
    )
    .join(' UNION ALL ');
  const edgeArgs = plan.edges.flatMap((edge) => USAGE_SOURCES.flatMap(() => [...unique, edge.from, edge.to]));
  const counted = plan.fullDays
    ? `CASE WHEN NOT EXISTS (SELECT 1 FROM conversation_days d WHERE d.conversation_id = e.conversation_id AND d.day BETWEEN ? AND ?)
        THEN conversation_id END`
    : 'conversation_id';
  add(
    `SELECT robot_id, SUM(role = 'client') AS client, SUM(role = 'ai') AS ai, SUM(role = 'operator') AS operator, SUM(units) AS units,
      COUNT(DISTINCT ${counted}) AS conversations FROM (${edgeMessages}) AS e GROUP BY robot_id`,
    // The span's placeholders come first: they stand in the SELECT list, before the FROM.
    plan.fullDays ? [plan.fullDays.from, plan.fullDays.to, ...edgeArgs] : edgeArgs,
  );
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
    FROM (${USAGE_SOURCES.map((table) => `SELECT robot_id, role, units, conversation_id FROM ${table} WHERE robot_id IN (${placeholders(robotIds.length)}) AND at BETWEEN ? AND ?`).join(' UNION ALL ')})
    GROUP BY robot_id`;
  for (const row of statement(sqlite, sql).all(...USAGE_SOURCES.flatMap(() => [...robotIds, fromMs, toMs])) as (Figures & {
    robot_id: string;
  })[]) {
    const { robot_id, ...figures } = row;
    out.set(robot_id, figures);
  }
  return out;
}
