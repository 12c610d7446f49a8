import { asc, eq } from 'drizzle-orm';
import type { SandboxContext } from '../context';
import { robots } from '../store/schema';
import { requireAccount } from './accounts';
import { addMessages, closeConversation, createConversation } from './conversations';
import { liveReplies } from '../replies/queue';
import { createRng, type Rng } from './prng';
import { simulatedLine, simulatedSource } from './simulated-text';

export interface SimulatorState {
  accountId: string;
  intervalMs: number;
  lastStepWallMs: number;
  steps: number;
  open: string[];
  rng: Rng;
}

const DEFAULT_INTERVAL_SECONDS = 5;
const MAX_OPEN = 5;
const JOB = 'conversation-simulator';

// Live simulators per running sandbox, in memory: a restart stops them (switch on again).
const simulators = new WeakMap<SandboxContext, Map<string, SimulatorState>>();

function registry(ctx: SandboxContext): Map<string, SimulatorState> {
  let map = simulators.get(ctx);
  if (!map) {
    map = new Map();
    simulators.set(ctx, map);
    // Paced by wall time, not the sandbox clock, so advancing the clock does not cause a burst.
    ctx.scheduler.register(JOB, (_now, accountId) => {
      const wall = Date.now();
      const ownClocks = new Set(ctx.clock.ownClocks());
      for (const state of map?.values() ?? []) {
        // Each account's traffic on its own clock's turn, if it has one, else on the sandbox's.
        if (accountId === null ? ownClocks.has(state.accountId) : state.accountId !== accountId) continue;
        if (wall - state.lastStepWallMs < state.intervalMs) continue;
        state.lastStepWallMs = wall;
        step(ctx, state);
      }
    });
  }
  return map;
}

/**
 * One beat of traffic through the normal domain functions (so roll-ups and events are kept as for
 * any conversation): start a conversation, continue an open one, or close one.
 */
function step(ctx: SandboxContext, state: SimulatorState): void {
  const { rng } = state;
  const list = ctx.store.db.select().from(robots).where(eq(robots.accountId, state.accountId)).orderBy(asc(robots.seq)).all();
  if (list.length === 0) return;
  state.steps += 1;
  try {
    const openId = state.open.length > 0 ? rng.pick(state.open) : undefined;
    if (openId !== undefined && rng.chance(0.2)) {
      state.open = state.open.filter((id) => id !== openId);
      closeConversation(ctx, openId);
    } else if (openId !== undefined && (state.open.length >= MAX_OPEN || rng.chance(0.6))) {
      const reply = rng.chance(0.15) ? 'operator' : 'ai';
      // Replies take the reply path (queue, limits, window) like those posted through the control API.
      addMessages(
        ctx,
        openId,
        [
          { role: 'client', text: simulatedLine(rng, 'client') },
          { role: reply, text: simulatedLine(rng, reply) },
        ],
        liveReplies(ctx),
      );
    } else {
      const robot = rng.pick(list);
      const conversation = createConversation(ctx, robot, {
        source: simulatedSource(rng),
        messages: [
          { role: 'client', text: simulatedLine(rng, 'client') },
          { role: 'ai', text: simulatedLine(rng, 'ai') },
        ],
      });
      state.open.push(conversation.id);
    }
  } catch {
    // The conversation was closed or its robot deleted meanwhile: forget it and carry on.
    state.open = state.open.filter((id) =>
      ctx.store.sqlite.prepare('SELECT 1 FROM conversations WHERE id = ? AND closed_at IS NULL').get(id),
    );
  }
}

export function simulatorView(state: SimulatorState | undefined, accountId: string) {
  return {
    account_id: accountId,
    enabled: state !== undefined,
    interval_seconds: state ? state.intervalMs / 1000 : null,
    steps: state?.steps ?? 0,
    open_conversations: state?.open.length ?? 0,
  };
}

export function setSimulator(ctx: SandboxContext, input: { account_id: string; enabled: boolean; interval_seconds?: number | undefined }) {
  requireAccount(ctx, input.account_id);
  const map = registry(ctx);
  if (!input.enabled) {
    map.delete(input.account_id);
    return simulatorView(undefined, input.account_id);
  }
  const existing = map.get(input.account_id);
  const state: SimulatorState = existing ?? {
    accountId: input.account_id,
    intervalMs: DEFAULT_INTERVAL_SECONDS * 1000,
    lastStepWallMs: 0,
    steps: 0,
    open: [],
    rng: createRng(Date.now() >>> 0),
  };
  if (input.interval_seconds !== undefined) state.intervalMs = input.interval_seconds * 1000;
  map.set(input.account_id, state);
  return simulatorView(state, input.account_id);
}

export function listSimulators(ctx: SandboxContext) {
  return [...registry(ctx).values()].map((state) => simulatorView(state, state.accountId));
}
