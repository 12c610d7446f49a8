import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxContext } from '../../sandbox/context';
import { createAccount, requireAccount } from '../../sandbox/domain/accounts';
import { createConversation, addMessages } from '../../sandbox/domain/conversations';
import type { MessageRole } from '../../sandbox/domain/conversation-vocabulary';
import { createRng, type Rng } from '../../sandbox/domain/prng';
import { recordModelChange } from '../../sandbox/domain/robot-models';
import { createRobot, requireRobot } from '../../sandbox/domain/robots';
import { rebuildRollups } from '../../sandbox/domain/rollups';
import { DAY_MS, planWindow } from '../../sandbox/domain/time-buckets';
import { rollupFigures, scanFigures, type Figures } from '../../sandbox/domain/usage-figures';
import type { Model } from '../../sandbox/domain/vocabulary';
import { createSandboxContext } from '../../sandbox/server';

// Property test: the roll-up answer equals a brute-force answer computed in plain JS from the
// generated messages (and the SQL scan) for random data and random windows, including windows
// on day and month boundaries, single instants and windows with no whole day.

interface Sent {
  robotId: string;
  conversationId: string;
  role: MessageRole;
  at: number;
}

const START = Date.UTC(2025, 10, 20, 7, 13); // 2025-11-20, mid-month and mid-day on purpose
const SPAN_DAYS = 150;
const ROLES: MessageRole[] = ['client', 'ai', 'operator'];

let dir: string;
let ctx: SandboxContext;
const sent: Sent[] = [];
const histories = new Map<string, { first: Model; changes: { at: number; model: Model }[] }>();
const robotIds: string[] = [];

function randomTime(rng: Rng): number {
  return START + Math.floor(rng.next() * SPAN_DAYS * DAY_MS);
}

function expectedUnits(robotId: string, at: number): number {
  const history = histories.get(robotId);
  if (!history) throw new Error('no history');
  let model = history.first;
  for (const change of history.changes) if (change.at <= at) model = change.model;
  return model === 'enhanced' ? 2 : 1;
}

function bruteForce(fromMs: number, toMs: number): Map<string, Figures> {
  const out = new Map<string, Figures>();
  const conversations = new Map<string, Set<string>>();
  for (const id of robotIds) {
    out.set(id, { client: 0, ai: 0, operator: 0, units: 0, conversations: 0 });
    conversations.set(id, new Set());
  }
  for (const m of sent) {
    if (m.at < fromMs || m.at > toMs) continue;
    const f = out.get(m.robotId);
    if (!f) continue;
    f[m.role] += 1;
    f.units += expectedUnits(m.robotId, m.at);
    conversations.get(m.robotId)?.add(m.conversationId);
  }
  for (const [id, set] of conversations) {
    const f = out.get(id);
    if (f) f.conversations = set.size;
  }
  return out;
}

function randomWindow(rng: Rng): [number, number] {
  const kind = rng.int(0, 5);
  const a = randomTime(rng);
  const b = randomTime(rng);
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  const dayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
  switch (kind) {
    case 0:
      return [lo, hi];
    case 1: // whole days
      return [dayStart(lo), dayStart(hi) + DAY_MS - 1];
    case 2: // calendar months
      return [Date.UTC(2025, 11, 1), Date.UTC(2026, rng.int(0, 3), 1) - 1];
    case 3: // within one day
      return [lo, Math.min(lo + rng.int(0, 20) * 3_600_000, dayStart(lo) + DAY_MS - 1)];
    case 4: // a message's exact instant at both ends
      return ((t) => [t, t])(rng.pick(sent).at);
    default: // starting on a day boundary, ending mid-day
      return [dayStart(lo) - DAY_MS * rng.int(0, 40), hi];
  }
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'usage-property-'));
  ctx = createSandboxContext(dir, () => {});
  const rng = createRng(20260914);
  const account = createAccount(ctx, { name: 'property' });
  const accountRow = requireAccount(ctx, account.account_id);
  for (let r = 0; r < 6; r += 1) {
    const model: Model = rng.chance(0.5) ? 'standard' : 'enhanced';
    const robot = createRobot(ctx, accountRow, { name: `r${r}`, model, created_at: new Date(START + r * DAY_MS).toISOString() });
    robotIds.push(robot.id);
    histories.set(robot.id, { first: model, changes: [] });
  }
  // Model changes at increasing instants, interleaved with messages before and after them, so
  // already-stored later messages get re-priced.
  const changeTimes = Array.from({ length: 8 }, () => randomTime(rng)).sort((x, y) => x - y);
  let nextChange = 0;
  for (let c = 0; c < 400; c += 1) {
    if (c % 50 === 49 && nextChange < changeTimes.length) {
      const robotId = rng.pick(robotIds);
      const robot = requireRobot(ctx, robotId);
      const to: Model = robot.model === 'standard' ? 'enhanced' : 'standard';
      const at = changeTimes[nextChange] ?? START;
      nextChange += 1;
      recordModelChange(ctx, robot, to, at);
      ctx.store.sqlite.prepare('UPDATE robots SET model = ? WHERE id = ?').run(to, robotId);
      histories.get(robotId)?.changes.push({ at, model: to });
    }
    const robotId = rng.pick(robotIds);
    const base = randomTime(rng);
    // A third of the conversations spread over several days, with gaps between them.
    const spread = rng.chance(0.33) ? rng.int(1, 20) * DAY_MS : rng.int(0, 3) * 3_600_000;
    const messages = Array.from({ length: rng.int(1, 6) }, () => ({
      role: rng.pick(ROLES),
      text: 'x',
      at: base + Math.floor(rng.next() * spread),
    }));
    const [first, ...rest] = messages;
    const robot = requireRobot(ctx, robotId);
    const conversation = createConversation(ctx, robot, { messages: first ? [first] : [] });
    if (rest.length > 0) addMessages(ctx, conversation.id, rest);
    for (const m of messages) sent.push({ robotId, conversationId: conversation.id, role: m.role, at: m.at });
  }
});

afterAll(() => {
  ctx.store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('usage roll-ups', () => {
  it('answer like a brute-force count for 400 random windows', () => {
    const rng = createRng(7);
    for (let i = 0; i < 400; i += 1) {
      const [fromMs, toMs] = randomWindow(rng);
      const label = `${new Date(fromMs).toISOString()}..${new Date(toMs).toISOString()}`;
      const expected = bruteForce(fromMs, toMs);
      expect(rollupFigures(ctx.store.sqlite, robotIds, fromMs, toMs), label).toEqual(expected);
      expect(scanFigures(ctx.store.sqlite, robotIds, fromMs, toMs), label).toEqual(expected);
      // A subset of robots (a page) gives the same figures for those robots.
      const page = robotIds.slice(1, 3);
      const paged = rollupFigures(ctx.store.sqlite, page, fromMs, toMs);
      for (const id of page) expect(paged.get(id), label).toEqual(expected.get(id));
    }
  });

  it('kept incrementally, equal a bulk rebuild from the messages', () => {
    const tables = ['usage_daily', 'usage_cumulative', 'conversation_days', 'multi_day_conversation_days'];
    const dump = () =>
      tables.map((table) =>
        ctx.store.sqlite
          .prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)
          .all()
          .filter((row) => !(table.startsWith('usage_') && isEmptyBucket(row))),
      );
    const incremental = dump();
    rebuildRollups(ctx.store.sqlite, robotIds);
    expect(dump()).toEqual(incremental);
  });

  it('splits windows into whole days and partial edges that cover it exactly', () => {
    const rng = createRng(11);
    for (let i = 0; i < 2000; i += 1) {
      const [fromMs, toMs] = randomWindow(rng);
      const plan = planWindow(fromMs, toMs);
      const covered: [number, number][] = [...plan.edges.map((e): [number, number] => [e.from, e.to])];
      if (plan.fullDays) covered.push([plan.fullDays.from * DAY_MS, (plan.fullDays.to + 1) * DAY_MS - 1]);
      covered.sort((x, y) => x[0] - y[0]);
      expect(covered[0]?.[0]).toBe(fromMs);
      expect(covered[covered.length - 1]?.[1]).toBe(toMs);
      for (let k = 1; k < covered.length; k += 1) expect(covered[k]?.[0]).toBe((covered[k - 1]?.[1] ?? 0) + 1);
    }
  });
});

/** A bucket whose counts all went back to zero (a conversation moved to multi-day) is no activity. */
function isEmptyBucket(row: unknown): boolean {
  const r = row as Record<string, number>;
  return r.client === 0 && r.ai === 0 && r.operator === 0 && r.units === 0 && r.single_day_conversations === 0;
}
