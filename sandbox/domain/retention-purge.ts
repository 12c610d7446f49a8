import type Database from 'better-sqlite3';
import type { SandboxContext } from '../context';
import type { DueWork } from '../scheduler';
import { retentionHorizon, retentionMonths } from './retention';
import type { Tier } from './vocabulary';

/*
 * The retention purge (decision 0026). Age counts per message: a message before its account's
 * horizon goes, with the events and attachments recorded before it; a conversation left without a
 * message goes whole. It works from the conversations' own account and robot ids, so the history
 * of a disabled channel or a deleted robot ages exactly like any other. Each message's usage
 * figures are copied to purged_message_usage first: usage is the billing record and outlives the
 * history. Deletes go through indexes, a bounded slice per transaction, and the pass yields to the
 * event loop between slices so that /v1 requests never wait long behind it.
 */

const BATCH = 500;
/** Without an advance, the horizon only creeps with wall time: a pass a minute is enough. */
const BACKGROUND_INTERVAL_MS = 60_000;

/** Purge work per scheduler run: about 8,000 messages with their roll-up copies, measured under load. */
const PASS_BUDGET_MS = 1000;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function prepare(sqlite: Database.Database) {
  const ids = '(SELECT value FROM json_each(?))';
  return {
    accounts: sqlite.prepare('SELECT id, tier, standard_plan AS standardPlan, social_dm_tier AS socialDmTier FROM accounts'),
    robotsOf: sqlite.prepare('SELECT DISTINCT robot_id FROM conversations WHERE account_id = ?').pluck(),
    oldMessages: sqlite.prepare('SELECT rowid FROM messages WHERE robot_id = ? AND at < ? LIMIT ?').pluck(),
    keepUsage: sqlite.prepare(
      `INSERT INTO purged_message_usage (robot_id, at, role, units, conversation_id)
        SELECT robot_id, at, role, units, conversation_id FROM messages WHERE rowid IN ${ids}`,
    ),
    deleteMessages: sqlite.prepare(`DELETE FROM messages WHERE rowid IN ${ids}`),
    emptyConversations: sqlite
      .prepare(
        `SELECT id FROM conversations c WHERE robot_id = ? AND started_at < ?
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id) LIMIT ?`,
      )
      .pluck(),
    eventsOfConversations: sqlite.prepare(`SELECT id FROM events WHERE conversation_id IN ${ids}`).pluck(),
    deleteRepliesOfConversations: sqlite.prepare(`DELETE FROM reply_queue WHERE conversation_id IN ${ids}`),
    // Attachments and typing indicators go with the row (ON DELETE CASCADE).
    deleteConversations: sqlite.prepare(`DELETE FROM conversations WHERE id IN ${ids}`),
    oldEvents: sqlite
      .prepare('SELECT id FROM events WHERE account_id = ? AND created_at < ? AND conversation_id IS NOT NULL LIMIT ?')
      .pluck(),
    // A delivery's payload is its event: the webhook log must not keep the history either.
    deleteDeliveries: sqlite.prepare(`DELETE FROM deliveries WHERE event_id IN ${ids}`),
    deleteEvents: sqlite.prepare(`DELETE FROM events WHERE id IN ${ids}`),
    deleteOldAttachments: sqlite.prepare(
      'DELETE FROM attachments WHERE rowid IN (SELECT rowid FROM attachments WHERE account_id = ? AND created_at < ? LIMIT ?)',
    ),
    deleteOldReplies: sqlite.prepare(
      'DELETE FROM reply_queue WHERE rowid IN (SELECT rowid FROM reply_queue WHERE account_id = ? AND queued_at < ? LIMIT ?)',
    ),
  };
}

type Statements = ReturnType<typeof prepare>;

const prepared = new WeakMap<Database.Database, Statements>();

function stmts(sqlite: Database.Database): Statements {
  let s = prepared.get(sqlite);
  if (!s) {
    s = prepare(sqlite);
    prepared.set(sqlite, s);
  }
  return s;
}

/** Up to this many rows, or this long, per transaction: the write lock is never held for long. */
const SLICE_MS = 20;

/**
 * Drives the purge: one immediate transaction per slice of work (at most BATCH rows changed or
 * SLICE_MS spent), then the event loop gets its turn. A slice spans steps and accounts, so a pass
 * over many accounts with little to delete costs a few commits, not several per account.
 * Immediate: the write lock is taken before rows are chosen, so two sandboxes sharing the data
 * directory never copy the same message's figures twice.
 */
async function drive(ctx: SandboxContext, work: Generator<number>, budgetMs: number): Promise<boolean> {
  const started = performance.now();
  let finished = false;
  const slice = ctx.store.sqlite.transaction(() => {
    const sliceStart = performance.now();
    let rows = 0;
    while (rows < BATCH && performance.now() - sliceStart < SLICE_MS) {
      const step = work.next();
      if (step.done) {
        finished = true;
        return;
      }
      rows += step.value;
    }
  });
  for (;;) {
    slice.immediate();
    if (finished) return true;
    if (performance.now() - started >= budgetMs) return false;
    await yieldToRequests();
  }
}

/** Repeats a step (which deletes at most BATCH rows and says how many) until it falls short of BATCH. */
function* repeat(step: () => number): Generator<number> {
  for (;;) {
    const rows = step();
    yield rows;
    if (rows < BATCH) return;
  }
}

function dropEvents(s: Statements, eventIds: string[]): void {
  if (eventIds.length === 0) return;
  const json = JSON.stringify(eventIds);
  s.deleteDeliveries.run(json);
  s.deleteEvents.run(json);
}

/** Each yield is one step, run inside the slice's transaction (a select and its deletes together). */
function* purgeAccount(s: Statements, accountId: string, horizon: number): Generator<number> {
  const robotIds = s.robotsOf.all(accountId) as string[];
  for (const robotId of robotIds) {
    yield* repeat(() => {
      const rowids = s.oldMessages.all(robotId, horizon, BATCH) as number[];
      if (rowids.length === 0) return 0;
      const json = JSON.stringify(rowids);
      s.keepUsage.run(json);
      s.deleteMessages.run(json);
      return rowids.length;
    });
    yield* repeat(() => {
      const conversationIds = s.emptyConversations.all(robotId, horizon, BATCH) as string[];
      if (conversationIds.length === 0) return 0;
      const json = JSON.stringify(conversationIds);
      dropEvents(s, s.eventsOfConversations.all(json) as string[]);
      s.deleteRepliesOfConversations.run(json);
      s.deleteConversations.run(json);
      return conversationIds.length;
    });
  }
  yield* repeat(() => {
    const eventIds = s.oldEvents.all(accountId, horizon, BATCH) as string[];
    dropEvents(s, eventIds);
    return eventIds.length;
  });
  yield* repeat(() => s.deleteOldAttachments.run(accountId, horizon, BATCH).changes);
  yield* repeat(() => s.deleteOldReplies.run(accountId, horizon, BATCH).changes);
}

interface AccountPlans {
  id: string;
  tier: Tier;
  standardPlan: number;
  socialDmTier: Tier | null;
}

/**
 * One pass over every account, each against its own horizon from `nowMs` (the sandbox clock).
 * Resolves true once everything due is gone, false when `budgetMs` ran out first (a later pass
 * goes on: what is already deleted is not met again).
 */
export async function purgeExpiredHistory(
  ctx: SandboxContext,
  nowMs: number,
  budgetMs = Infinity,
  onlyAccount: string | null = null,
): Promise<boolean> {
  const s = stmts(ctx.store.sqlite);
  function* everyAccount(): Generator<number> {
    for (const account of s.accounts.all() as AccountPlans[]) {
      if (onlyAccount !== null && account.id !== onlyAccount) continue;
      const months = retentionMonths({ standard: account.standardPlan ? account.tier : null, socialDm: account.socialDmTier });
      // `nowMs` is the sandbox's: an account with a clock of its own is that much further on.
      const accountNow = onlyAccount !== null ? nowMs : nowMs + ctx.clock.accountOffsetMs(account.id);
      if (months !== null) yield* purgeAccount(s, account.id, retentionHorizon(accountNow, months));
    }
  }
  return drive(ctx, everyAccount(), budgetMs);
}

/**
 * The scheduler's job: after every clock advance (the advance answers once it is done, so a test
 * reads the purged state), otherwise once a minute of wall time. A pass works for at most
 * PASS_BUDGET_MS: the scheduler runs its jobs one after another, so a very large purge must not
 * hold back deliveries and expiries (nor an advance's answer) for long; an unfinished pass is
 * taken up again on the next tick, a second later.
 */
export function retentionJob(ctx: SandboxContext): DueWork {
  let lastAdvances: number | undefined;
  let lastRun = 0;
  let unfinished = false;
  // An account's own advance purges that account at once; its history also goes on the passes of all.
  const accountAdvances = new Map<string, number>();
  return async (now, accountId) => {
    const advances = ctx.clock.advances();
    if (accountId !== null) {
      if (accountAdvances.get(accountId) === advances) return;
      accountAdvances.set(accountId, advances);
      await purgeExpiredHistory(ctx, now.getTime(), Infinity, accountId);
      return;
    }
    if (advances === lastAdvances && !unfinished && Date.now() - lastRun < BACKGROUND_INTERVAL_MS) return;
    lastAdvances = advances;
    lastRun = Date.now();
    unfinished = !(await purgeExpiredHistory(ctx, now.getTime(), PASS_BUDGET_MS));
  };
}
