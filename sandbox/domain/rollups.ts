import type Database from 'better-sqlite3';
import type { SandboxContext } from '../context';
import type { MessageRole } from './conversation-vocabulary';
import { dayOf } from './time-buckets';
import { unitsPerMessage } from './conversation-vocabulary';
import type { Model } from './vocabulary';

/*
 * Usage roll-ups, kept on every write so /v1/usage answers a long window from a few rows per robot:
 *  - usage_daily: messages by role, units, and `single_day_conversations` (the
 *    conversations whose messages all fall on that one UTC day).
 *  - conversation_days: every (conversation, UTC day) with a message.
 *  - multi_day_conversation_days: the same rows, only for conversations active on two or more days.
 *  - usage_cumulative: per robot and day with a usage_daily row, the running totals of the
 *    usage_daily counters up to that day, so that any span of whole days is the difference of two
 *    rows per robot. A change to a day's counters adds to its row and every later row of the robot
 *    (usually none: traffic arrives at the latest day).
 * A conversation active on one day is counted by the counter of that day (it cannot be counted
 * twice); one active on several days is counted with COUNT(DISTINCT) over its few day rows. When a
 * conversation gains a second day it moves from the counter to the multi-day table.
 */

function prepare(sqlite: Database.Database) {
  return {
    bumpDaily: sqlite.prepare(
      `INSERT INTO usage_daily (robot_id, day, client, ai, operator, units, single_day_conversations) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (robot_id, day) DO UPDATE SET
          client = client + excluded.client, ai = ai + excluded.ai, operator = operator + excluded.operator,
          units = units + excluded.units, single_day_conversations = single_day_conversations + excluded.single_day_conversations`,
    ),
    addConversationDay: sqlite.prepare('INSERT OR IGNORE INTO conversation_days (conversation_id, day, robot_id) VALUES (?, ?, ?)'),
    conversationDays: sqlite.prepare('SELECT day FROM conversation_days WHERE conversation_id = ? LIMIT 3').pluck(),
    addMultiDay: sqlite.prepare('INSERT OR IGNORE INTO multi_day_conversation_days (robot_id, day, conversation_id) VALUES (?, ?, ?)'),
    cumulativeUpTo: sqlite.prepare(
      `SELECT day, client, ai, operator, units, single_day_conversations AS single FROM usage_cumulative
        WHERE robot_id = ? AND day <= ? ORDER BY day DESC LIMIT 1`,
    ),
    insertCumulative: sqlite.prepare(
      'INSERT INTO usage_cumulative (robot_id, day, client, ai, operator, units, single_day_conversations) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    addCumulativeFrom: sqlite.prepare(
      `UPDATE usage_cumulative SET client = client + ?, ai = ai + ?, operator = operator + ?, units = units + ?,
        single_day_conversations = single_day_conversations + ? WHERE robot_id = ? AND day >= ?`,
    ),
    messagesFrom: sqlite.prepare('SELECT at, units FROM messages WHERE robot_id = ? AND at >= ?'),
    repriceFrom: sqlite.prepare('UPDATE messages SET units = ? WHERE robot_id = ? AND at >= ?'),
  };
}

const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function stmts(sqlite: Database.Database) {
  let prepared = statements.get(sqlite);
  if (!prepared) {
    prepared = prepare(sqlite);
    statements.set(sqlite, prepared);
  }
  return prepared;
}

interface Bump {
  client?: number;
  ai?: number;
  operator?: number;
  units?: number;
  single?: number;
}

interface CumulativeRow {
  day: number;
  client: number;
  ai: number;
  operator: number;
  units: number;
  single: number;
}

function bump(sqlite: Database.Database, robotId: string, day: number, delta: Bump): void {
  const s = stmts(sqlite);
  const values = [delta.client ?? 0, delta.ai ?? 0, delta.operator ?? 0, delta.units ?? 0, delta.single ?? 0];
  s.bumpDaily.run(robotId, day, ...values);
  // The day's running-total row starts as the totals of the robot's latest earlier day (or zero);
  // then the delta goes to it and to every later row.
  const upTo = s.cumulativeUpTo.get(robotId, day) as CumulativeRow | undefined;
  if (upTo?.day !== day) {
    s.insertCumulative.run(robotId, day, upTo?.client ?? 0, upTo?.ai ?? 0, upTo?.operator ?? 0, upTo?.units ?? 0, upTo?.single ?? 0);
  }
  s.addCumulativeFrom.run(...values, robotId, day);
}

export interface RolledMessage {
  robotId: string;
  conversationId: string;
  role: MessageRole;
  at: number;
  units: number;
}

/** Adds one stored message to the roll-ups; call inside the transaction that inserted it. */
export function rollUpMessage(ctx: SandboxContext, message: RolledMessage): void {
  const { sqlite } = ctx.store;
  const s = stmts(sqlite);
  const day = dayOf(message.at);
  const delta: Bump = { units: message.units };
  delta[message.role] = 1;
  if (s.addConversationDay.run(message.conversationId, day, message.robotId).changes === 1) {
    const days = s.conversationDays.all(message.conversationId) as number[];
    if (days.length === 1) {
      delta.single = 1;
    } else {
      if (days.length === 2) {
        // The conversation stops being single-day: its earlier day's counter gives it up.
        const earlier = days.find((d) => d !== day);
        if (earlier === undefined) throw new Error('conversation_days lost a row');
        bump(sqlite, message.robotId, earlier, { single: -1 });
        s.addMultiDay.run(message.robotId, earlier, message.conversationId);
      }
      s.addMultiDay.run(message.robotId, day, message.conversationId);
    }
  }
  bump(sqlite, message.robotId, day, delta);
}

/** After a model change at `from`: re-prices the robot's messages at or after it (D12). */
export function adjustUnitsFrom(ctx: SandboxContext, robotId: string, from: number, model: Model): void {
  const { sqlite } = ctx.store;
  const s = stmts(sqlite);
  const units = unitsPerMessage(model);
  const rows = s.messagesFrom.all(robotId, from) as { at: number; units: number }[];
  // One bump per day (each moves the running totals of every later day), not one per message.
  const byDay = new Map<number, number>();
  for (const row of rows) {
    if (row.units !== units) byDay.set(dayOf(row.at), (byDay.get(dayOf(row.at)) ?? 0) + units - row.units);
  }
  for (const [day, delta] of byDay) bump(sqlite, robotId, day, { units: delta });
  if (rows.length > 0) s.repriceFrom.run(units, robotId, from);
}

/**
 * Rebuilds every roll-up of the given robots from their stored messages, in bulk. Bulk loads
 * (history simulation, the benchmark) insert messages without rolling them up one by one and call
 * this once; tests use it to check the incremental path against a fresh build.
 */
export function rebuildRollups(sqlite: Database.Database, robotIds: readonly string[]): void {
  sqlite.transaction(() => {
    sqlite.exec('CREATE TEMP TABLE IF NOT EXISTS rebuild_robots (robot_id TEXT PRIMARY KEY); DELETE FROM rebuild_robots;');
    const add = sqlite.prepare('INSERT OR IGNORE INTO temp.rebuild_robots (robot_id) VALUES (?)');
    for (const id of robotIds) add.run(id);
    const scope = 'robot_id IN (SELECT robot_id FROM temp.rebuild_robots)';
    for (const table of ['usage_daily', 'usage_cumulative', 'conversation_days', 'multi_day_conversation_days']) {
      sqlite.exec(`DELETE FROM ${table} WHERE ${scope}`);
    }
    // The figures of messages purged by retention count as well: usage outlives the history.
    const source = `(SELECT robot_id, conversation_id, role, units, at FROM messages WHERE ${scope}
      UNION ALL SELECT robot_id, conversation_id, role, units, at FROM purged_message_usage WHERE ${scope})`;
    sqlite.exec(`
      INSERT INTO conversation_days (conversation_id, day, robot_id)
        SELECT DISTINCT conversation_id, at / 86400000, robot_id FROM ${source};
      INSERT INTO usage_daily (robot_id, day, client, ai, operator, units, single_day_conversations)
        SELECT robot_id, at / 86400000 AS day, SUM(role = 'client'), SUM(role = 'ai'), SUM(role = 'operator'), SUM(units), 0
        FROM ${source} GROUP BY robot_id, day;
      CREATE TEMP TABLE rebuild_spans AS
        SELECT conversation_id, robot_id, MIN(day) AS day, COUNT(*) AS days FROM conversation_days WHERE ${scope} GROUP BY conversation_id;
      UPDATE usage_daily SET single_day_conversations = single.n
        FROM (SELECT robot_id, day, COUNT(*) AS n FROM temp.rebuild_spans WHERE days = 1 GROUP BY robot_id, day) AS single
        WHERE usage_daily.robot_id = single.robot_id AND usage_daily.day = single.day;
      INSERT INTO multi_day_conversation_days (robot_id, day, conversation_id)
        SELECT d.robot_id, d.day, d.conversation_id FROM conversation_days d
        JOIN temp.rebuild_spans s ON s.conversation_id = d.conversation_id WHERE s.days > 1;
      DROP TABLE temp.rebuild_spans;
      INSERT INTO usage_cumulative (robot_id, day, client, ai, operator, units, single_day_conversations)
        SELECT robot_id, day, SUM(client) OVER w, SUM(ai) OVER w, SUM(operator) OVER w, SUM(units) OVER w,
          SUM(single_day_conversations) OVER w
        FROM usage_daily WHERE ${scope} WINDOW w AS (PARTITION BY robot_id ORDER BY day ROWS UNBOUNDED PRECEDING);
      DELETE FROM temp.rebuild_robots;
    `);
  })();
}
