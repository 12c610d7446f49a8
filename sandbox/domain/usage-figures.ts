import type Database from 'better-sqlite3';
import { planWindow, type Range } from './time-buckets';

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
    prepared = sqlite.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

interface BucketRow {
  robot_id: string;
  client: number;
  ai: number;
  operator: number;
  units: number;
  single: number;
}

interface EdgeRow {
  robot_id: string;
  role: 'client' | 'ai' | 'operator';
  units: number;
  conversation_id: string;
}

/**
 * Figures from the roll-ups: whole months and whole days from usage_monthly / usage_daily, the
 * partial edge days from the messages of those days only (index on robot_id, at). Conversations:
 * single-day ones through the bucket counters, plus the distinct ids among multi-day conversation
 * days in the whole-day span and among the edge messages. A single-day conversation counted by a
 * counter has its one day inside the whole-day span, so it is never among the edge messages, and
 * multi-day ones never reach a counter: nothing is counted twice.
 */
export function rollupFigures(sqlite: Database.Database, robotIds: readonly string[], fromMs: number, toMs: number): Map<string, Figures> {
  const out = new Map<string, Figures>(robotIds.map((id) => [id, emptyFigures()]));
  if (robotIds.length === 0) return out;
  const ids = placeholders(robotIds.length);
  const plan = planWindow(fromMs, toMs);
  const conversationIds = new Map<string, Set<string>>(robotIds.map((id) => [id, new Set<string>()]));

  const addBuckets = (table: 'usage_monthly' | 'usage_daily', key: 'month' | 'day', range: Range) => {
    const sql = `SELECT robot_id, SUM(client) AS client, SUM(ai) AS ai, SUM(operator) AS operator, SUM(units) AS units,
      SUM(single_day_conversations) AS single FROM ${table} WHERE robot_id IN (${ids}) AND ${key} BETWEEN ? AND ? GROUP BY robot_id`;
    for (const row of statement(sqlite, sql).all(...robotIds, range.from, range.to) as BucketRow[]) {
      const figures = out.get(row.robot_id);
      if (!figures) continue;
      figures.client += row.client;
      figures.ai += row.ai;
      figures.operator += row.operator;
      figures.units += row.units;
      figures.conversations += row.single;
    }
  };
  if (plan.months) addBuckets('usage_monthly', 'month', plan.months);
  for (const days of plan.days) addBuckets('usage_daily', 'day', days);

  if (plan.fullDays) {
    const sql = `SELECT robot_id, conversation_id FROM multi_day_conversation_days WHERE robot_id IN (${ids}) AND day BETWEEN ? AND ?`;
    for (const row of statement(sqlite, sql).iterate(...robotIds, plan.fullDays.from, plan.fullDays.to) as Iterable<EdgeRow>) {
      conversationIds.get(row.robot_id)?.add(row.conversation_id);
    }
  }
  for (const edge of plan.edges) {
    const sql = `SELECT robot_id, role, units, conversation_id FROM messages WHERE robot_id IN (${ids}) AND at BETWEEN ? AND ?`;
    for (const row of statement(sqlite, sql).iterate(...robotIds, edge.from, edge.to) as Iterable<EdgeRow>) {
      const figures = out.get(row.robot_id);
      if (!figures) continue;
      figures[row.role] += 1;
      figures.units += row.units;
      conversationIds.get(row.robot_id)?.add(row.conversation_id);
    }
  }
  for (const [robotId, set] of conversationIds) {
    const figures = out.get(robotId);
    if (figures) figures.conversations += set.size;
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
