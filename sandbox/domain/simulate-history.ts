import { asc, eq } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { robotModelChanges } from '../store/conversation-schema';
import { robots, type RobotRow } from '../store/schema';
import { requireAccount } from './accounts';
import { summariesByRobot } from './channels';
import { newConversationId, newMessageId, unitsPerMessage, type MessageRole } from './conversation-vocabulary';
import { createRng, type Rng } from './prng';
import { modelAt, modelHistory } from './robot-models';
import { rebuildRollups } from './rollups';
import { simulatedLine, simulatedSource } from './simulated-text';
import { DAY_MS, dayOf } from './time-buckets';
import { iso } from './vocabulary';

export interface HistoryOptions {
  days?: number | undefined;
  seed?: number | undefined;
}

// About this many messages per 90 days for the whole account, whatever its robot count, so the
// demo stays quick to generate and the charts still show a shape.
const MESSAGES_PER_90_DAYS = 4000;
const AVERAGE_MESSAGES_PER_CONVERSATION = 6.5;
const WEEKEND_FACTOR = 0.4;
const HOUR_MS = 3_600_000;

interface Draft {
  conversation: {
    id: string;
    robotId: string;
    channelId: string | null;
    channelType: string | null;
    source: string;
    startedAt: number;
    closedAt: number | null;
  };
  messages: { role: MessageRole; text: string; at: number }[];
}

/** One conversation: client and bot take turns, an operator sometimes takes over, a few resume the next day. */
function draftConversation(
  rng: Rng,
  robot: RobotRow,
  channel: { id: string; type: string } | undefined,
  startAt: number,
  nowMs: number,
): Draft | undefined {
  const count = rng.int(2, 9);
  const operatorFrom = rng.chance(0.15) ? rng.int(1, count - 1) : Number.POSITIVE_INFINITY;
  const messages: Draft['messages'] = [];
  let at = startAt;
  const push = (role: MessageRole) => {
    if (at <= nowMs) messages.push({ role, text: simulatedLine(rng, role), at });
    at += rng.int(20, 180) * 1000;
  };
  for (let i = 0; i < count; i += 1) push(i % 2 === 0 ? 'client' : i >= operatorFrom ? 'operator' : 'ai');
  if (rng.chance(0.06)) {
    // The customer comes back the next day: a conversation spanning two days.
    at += DAY_MS - rng.int(1, 6) * HOUR_MS;
    push('client');
    push('ai');
  }
  const last = messages[messages.length - 1];
  if (!last) return undefined;
  const closedAt = last.at + 30 * 60_000 <= nowMs ? last.at + 30 * 60_000 : null;
  const type = channel?.type ?? null;
  return {
    conversation: {
      id: newConversationId(),
      robotId: robot.id,
      channelId: channel?.id ?? null,
      channelType: type,
      source: type === 'social_dm' ? simulatedSource(rng) : 'direct',
      startedAt: startAt,
      closedAt,
    },
    messages,
  };
}

/**
 * Gives every other robot without a model history a change at the middle of the window from the
 * other model to its current one, so the demo shows both unit rates (D12) without changing any
 * robot's current model.
 */
function mixModels(ctx: SandboxContext, list: RobotRow[], middle: number): void {
  list.forEach((robot, index) => {
    if (index % 2 === 0) return;
    const has = ctx.store.db.select().from(robotModelChanges).where(eq(robotModelChanges.robotId, robot.id)).get();
    if (has) return;
    const other = robot.model === 'enhanced' ? 'standard' : 'enhanced';
    ctx.store.db.insert(robotModelChanges).values({ robotId: robot.id, changedAt: middle, fromModel: other, toModel: robot.model }).run();
    // Messages stored before the change were priced by the model they thought was first.
    ctx.store.sqlite.prepare('UPDATE messages SET units = ? WHERE robot_id = ? AND at < ?').run(unitsPerMessage(other), robot.id, middle);
  });
}

/**
 * D23 simulated traffic: a deterministic history (for a given seed and now) of `days` days ending
 * at the sandbox clock's now, for every robot of the account: fewer conversations at weekends, all
 * three roles, sources on social_dm channels. Written in one transaction with prepared inserts and
 * rolled up in bulk afterwards. Records no events: it is history, not live traffic.
 */
export function simulateHistory(ctx: SandboxContext, accountId: string, options: HistoryOptions) {
  const account = requireAccount(ctx, accountId);
  const days = options.days ?? 90;
  const rng = createRng(options.seed ?? 1);
  const nowMs = ctx.clock.nowMs();
  const fromMs = nowMs - days * DAY_MS;
  const list = ctx.store.db.select().from(robots).where(eq(robots.accountId, account.id)).orderBy(asc(robots.seq)).all();
  const channelsByRobot = summariesByRobot(
    ctx,
    list.map((robot) => robot.id),
  );
  const weights = list.map(() => 0.5 + rng.next());
  const weightSum = weights.reduce((a, b) => a + b, 0) || 1;
  const perDay = MESSAGES_PER_90_DAYS / 90 / AVERAGE_MESSAGES_PER_CONVERSATION / ((5 + 2 * WEEKEND_FACTOR) / 7);

  const insertConversation = ctx.store.sqlite.prepare(
    `INSERT INTO conversations (id, account_id, robot_id, channel_id, channel_type, source, started_at, closed_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMessage = ctx.store.sqlite.prepare(
    'INSERT INTO messages (id, conversation_id, robot_id, role, text, at, units) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let conversationCount = 0;
  let messageCount = 0;

  ctx.store.transaction(() => {
    mixModels(ctx, list, fromMs + (nowMs - fromMs) / 2);
    list.forEach((robot, index) => {
      const history = modelHistory(ctx, robot);
      const robotChannels = channelsByRobot.get(robot.id) ?? [];
      const rate = (perDay * (weights[index] ?? 1)) / weightSum;
      for (let day = dayOf(fromMs); day <= dayOf(nowMs); day += 1) {
        const weekday = new Date(day * DAY_MS).getUTCDay();
        const expected = rate * (weekday === 0 || weekday === 6 ? WEEKEND_FACTOR : 1);
        const n = Math.floor(expected) + (rng.chance(expected - Math.floor(expected)) ? 1 : 0);
        for (let k = 0; k < n; k += 1) {
          // Business hours, roughly 08:00–20:00 UTC.
          const startAt = day * DAY_MS + rng.int(8 * 60, 20 * 60) * 60_000 + rng.int(0, 59_999);
          if (startAt < fromMs || startAt > nowMs) continue;
          const channel = robotChannels.length > 0 ? rng.pick(robotChannels) : undefined;
          const draft = draftConversation(rng, robot, channel, startAt, nowMs);
          if (!draft) continue;
          const c = draft.conversation;
          insertConversation.run(c.id, account.id, c.robotId, c.channelId, c.channelType, c.source, c.startedAt, c.closedAt, nowMs);
          for (const m of draft.messages) {
            insertMessage.run(newMessageId(), c.id, robot.id, m.role, m.text, m.at, unitsPerMessage(modelAt(history, m.at)));
          }
          conversationCount += 1;
          messageCount += draft.messages.length;
        }
      }
    });
    rebuildRollups(
      ctx.store.sqlite,
      list.map((robot) => robot.id),
    );
  });

  return {
    account_id: account.id,
    robots: list.length,
    conversations: conversationCount,
    messages: messageCount,
    from: iso(fromMs),
    to: iso(nowMs),
  };
}
