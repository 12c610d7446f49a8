import type { SandboxContext } from '../context';
import { createAccount, requireAccount } from '../domain/accounts';
import { createRng } from '../domain/prng';
import { createRobot } from '../domain/robots';
import { rebuildRollups } from '../domain/rollups';
import { DAY_MS } from '../domain/time-buckets';
import type { Model } from '../domain/vocabulary';

export interface BenchSeed {
  apiKey: string;
  robotIds: string[];
  /** The robot with the most messages, for the one-robot query. */
  largestRobotId: string;
  largestRobotMessages: number;
  messages: number;
  conversations: number;
  timings: { generateMs: number; insertMs: number; rollupMs: number };
}

const ROLES = ['client', 'ai', 'operator'] as const;
const TEXTS = ['Hi!', 'Is it in stock?', 'Yes, it is.', 'Thanks!', 'When do you open?', 'At nine.'];
const HOUR = 3_600_000;

/**
 * Seeds one account with `robots` robots and about `messages` messages over the year ending at
 * `nowMs`, directly through the store: prepared statements in one transaction, messages inserted in
 * time order (as live traffic arrives, interleaved across robots), then the roll-ups built in bulk.
 * Robot sizes are skewed (a few big customers, many small ones); a third of the robots run the
 * enhanced model and every fifth switched model at mid-year; 5% of conversations resume days later.
 */
export function seedBenchData(ctx: SandboxContext, nowMs: number, robots: number, messages: number): BenchSeed {
  const t0 = performance.now();
  const rng = createRng(4242);
  const created = createAccount(ctx, { name: 'Bench partner', capacity: 100_000, rate_limit_per_minute: 1_000_000 });
  const account = requireAccount(ctx, created.account_id);
  const yearStart = nowMs - 365 * DAY_MS;
  const midYear = nowMs - 182 * DAY_MS;

  const robotIds: string[] = [];
  const histories: { first: Model; changeAt: number; to: Model }[] = [];
  const weights: number[] = [];
  ctx.store.transaction(() => {
    for (let r = 0; r < robots; r += 1) {
      const model: Model = r % 3 === 0 ? 'enhanced' : 'standard';
      const switched = r % 5 === 1;
      const current: Model = switched ? (model === 'enhanced' ? 'standard' : 'enhanced') : model;
      const createdAt = nowMs - 400 * DAY_MS - Math.floor(rng.next() * 365 * DAY_MS);
      const robot = createRobot(ctx, account, {
        name: `Robot ${r + 1}`,
        model: current,
        created_at: new Date(createdAt).toISOString(),
        channels: r % 4 === 0 ? [{ type: 'social_dm' }] : [],
      });
      if (switched) {
        ctx.store.sqlite
          .prepare('INSERT INTO robot_model_changes (robot_id, changed_at, from_model, to_model) VALUES (?, ?, ?, ?)')
          .run(robot.id, midYear, model, current);
      }
      robotIds.push(robot.id);
      histories.push({ first: model, changeAt: switched ? midYear : Number.POSITIVE_INFINITY, to: current });
      weights.push(1 / (r + 1) ** 0.7);
    }
  });
  const weightSum = weights.reduce((a, b) => a + b, 0);

  // Messages as parallel typed arrays: a million objects would cost far more memory and time.
  const capacity = Math.ceil(messages * 1.1) + 1000;
  const robotOf = new Uint16Array(capacity);
  const convOf = new Uint32Array(capacity);
  const roleOf = new Uint8Array(capacity);
  const atOf = new Float64Array(capacity);
  const convRobot: number[] = [];
  const convStart: number[] = [];
  let n = 0;
  for (let r = 0; r < robots; r += 1) {
    let budget = Math.round((messages * (weights[r] ?? 0)) / weightSum);
    while (budget > 0 && n < capacity - 20) {
      let start = yearStart + Math.floor(rng.next() * 365 * DAY_MS);
      const weekday = new Date(start).getUTCDay();
      if ((weekday === 0 || weekday === 6) && rng.chance(0.55)) start -= 2 * DAY_MS; // fewer at weekends
      if (start < yearStart) start += 7 * DAY_MS;
      const count = Math.min(budget, rng.int(2, 14));
      const resumeAfter = rng.chance(0.05) ? rng.int(1, count - 1) : -1;
      const conv = convRobot.length;
      convRobot.push(r);
      convStart.push(start);
      let at = start;
      for (let i = 0; i < count; i += 1) {
        if (i === resumeAfter) at += rng.int(1, 10) * DAY_MS + rng.int(0, 12) * HOUR;
        if (at > nowMs) break;
        robotOf[n] = r;
        convOf[n] = conv;
        roleOf[n] = i % 2 === 0 ? 0 : rng.chance(0.12) ? 2 : 1;
        atOf[n] = at;
        n += 1;
        at += rng.int(10, 300) * 1000;
      }
      budget -= count;
    }
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = i;
  order.sort((a, b) => (atOf[a] ?? 0) - (atOf[b] ?? 0));
  const t1 = performance.now();

  const pad = (i: number, width: number) => i.toString(36).padStart(width, '0');
  const convId = (c: number) => `conv_bench${pad(c, 8)}`;
  const counts = new Uint32Array(robots);
  ctx.store.transaction(() => {
    const insertConversation = ctx.store.sqlite.prepare(
      `INSERT INTO conversations (id, account_id, robot_id, channel_id, channel_type, source, started_at, closed_at, created_at)
       VALUES (?, ?, ?, NULL, NULL, 'direct', ?, NULL, ?)`,
    );
    for (let c = 0; c < convRobot.length; c += 1) {
      insertConversation.run(convId(c), account.id, robotIds[convRobot[c] ?? 0], convStart[c], nowMs);
    }
    const insertMessage = ctx.store.sqlite.prepare(
      'INSERT INTO messages (id, conversation_id, robot_id, role, text, at, units) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (let k = 0; k < n; k += 1) {
      const i = order[k] ?? 0;
      const r = robotOf[i] ?? 0;
      const at = atOf[i] ?? 0;
      const history = histories[r];
      const model = history && at >= history.changeAt ? history.to : (history?.first ?? 'standard');
      counts[r] = (counts[r] ?? 0) + 1;
      insertMessage.run(
        `msg_bench${pad(k, 8)}`,
        convId(convOf[i] ?? 0),
        robotIds[r],
        ROLES[roleOf[i] ?? 0],
        TEXTS[k % TEXTS.length],
        at,
        model === 'enhanced' ? 2 : 1,
      );
    }
  });
  const t2 = performance.now();
  rebuildRollups(ctx.store.sqlite, robotIds);
  const t3 = performance.now();

  let largest = 0;
  for (let r = 1; r < robots; r += 1) if ((counts[r] ?? 0) > (counts[largest] ?? 0)) largest = r;
  return {
    apiKey: created.api_key,
    robotIds,
    largestRobotId: robotIds[largest] ?? '',
    largestRobotMessages: counts[largest] ?? 0,
    messages: n,
    conversations: convRobot.length,
    timings: { generateMs: t1 - t0, insertMs: t2 - t1, rollupMs: t3 - t2 },
  };
}
