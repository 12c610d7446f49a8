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
 * history. Deletes go through indexes, a bounded batch per transaction, and the pass yields to the
 * event loop between batches so that /v1 requests never wait long behind it.
 */

const BATCH = 500;
/** Without an advance, the horizon only creeps with wall time: a pass a minute is enough. */
const BACKGROUND_INTERVAL_MS = 60_000;

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

/** Runs `batch` (one transaction each) until it reports fewer than BATCH rows done. */
async function inBatches(ctx: SandboxContext, batch: () => number): Promise<void> {
  for (;;) {
    const done = ctx.store.transaction(batch);
    if (done < BATCH) return;
    await yieldToRequests();
  }
}

function dropEvents(s: Statements, eventIds: string[]): void {
  if (eventIds.length === 0) return;
  const json = JSON.stringify(eventIds);
  s.deleteDeliveries.run(json);
  s.deleteEvents.run(json);
}

async function purgeAccount(ctx: SandboxContext, s: Statements, accountId: string, horizon: number): Promise<void> {
  const robotIds = s.robotsOf.all(accountId) as string[];
  for (const robotId of robotIds) {
    await inBatches(ctx, () => {
      const rowids = s.oldMessages.all(robotId, horizon, BATCH) as number[];
      if (rowids.length === 0) return 0;
      const json = JSON.stringify(rowids);
      s.keepUsage.run(json);
      s.deleteMessages.run(json);
      return rowids.length;
    });
    await inBatches(ctx, () => {
      const conversationIds = s.emptyConversations.all(robotId, horizon, BATCH) as string[];
      if (conversationIds.length === 0) return 0;
      const json = JSON.stringify(conversationIds);
      dropEvents(s, s.eventsOfConversations.all(json) as string[]);
      s.deleteRepliesOfConversations.run(json);
      s.deleteConversations.run(json);
      return conversationIds.length;
    });
  }
  await inBatches(ctx, () => {
    const eventIds = s.oldEvents.all(accountId, horizon, BATCH) as string[];
    dropEvents(s, eventIds);
    return eventIds.length;
  });
  await inBatches(ctx, () => s.deleteOldAttachments.run(accountId, horizon, BATCH).changes);
  await inBatches(ctx, () => s.deleteOldReplies.run(accountId, horizon, BATCH).changes);
}

interface AccountPlans {
  id: string;
  tier: Tier;
  standardPlan: number;
  socialDmTier: Tier | null;
}

/** One pass over every account, each against its own horizon from `nowMs` (the sandbox clock). */
export async function purgeExpiredHistory(ctx: SandboxContext, nowMs: number): Promise<void> {
  const s = stmts(ctx.store.sqlite);
  for (const account of s.accounts.all() as AccountPlans[]) {
    const months = retentionMonths({ standard: account.standardPlan ? account.tier : null, socialDm: account.socialDmTier });
    if (months === null) continue;
    await purgeAccount(ctx, s, account.id, retentionHorizon(nowMs, months));
  }
}

/**
 * The scheduler's job: after every clock advance (the advance answers once it is done, so a test
 * reads the purged state), otherwise once a minute of wall time.
 */
export function retentionJob(ctx: SandboxContext): DueWork {
  let lastOffset: number | undefined;
  let lastRun = 0;
  return async (now) => {
    const offset = ctx.clock.offsetMs();
    if (offset === lastOffset && Date.now() - lastRun < BACKGROUND_INTERVAL_MS) return;
    lastOffset = offset;
    lastRun = Date.now();
    await purgeExpiredHistory(ctx, now.getTime());
  };
}
