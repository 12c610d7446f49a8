import 'server-only';
import { asc, count, gt, lt, sql } from 'drizzle-orm';
import { cache } from 'react';
import { z } from 'zod';
import { getEnv } from '@/lib/config/env';
import { getDb, schema, type DashboardDb, type DashboardTx } from '@/lib/db';
import { readSetting, writeSetting } from '@/lib/db/settings';
import { CallBudgetSpentError } from './budget-error';
import { profiled } from '@/lib/config/bench-profile';

export { CallBudgetSpentError };

/**
 * The dashboard's own share of the account's call budget (D4: a sliding 60 s, counted per account,
 * shared with the partner's production integration). Every attempt is counted before it is sent;
 * when the share is spent the call is refused here, so pages serve what they already have.
 */
export type CallPurpose = 'page' | 'change' | 'sync' | 'export';
export const CALL_PURPOSES: readonly CallPurpose[] = ['page', 'change', 'sync', 'export'];

const WINDOW_MS = 60_000;
const HOUR_MS = 3_600_000;
const DEFAULT_LIMIT = 300;
const LEARNED_LIMIT_SETTING = 'api_rate_limit_per_minute';

export type BudgetState = {
  /** The account's calls per minute: configured, else learned from the API, else the contract's default. */
  limit: number;
  limitSource: 'configured' | 'learned' | 'default';
  sharePercent: number;
  /** Calls a minute the dashboard allows itself. */
  allowance: number;
  /** Background work stops at half the share, so people always find room. */
  syncAllowance: number;
  usedLastMinute: number;
};

async function limitNow(): Promise<{ limit: number; source: BudgetState['limitSource'] }> {
  const configured = getEnv().PARTNER_RATE_LIMIT_PER_MINUTE;
  if (configured) return { limit: configured, source: 'configured' };
  const learned = Number(await readSetting(LEARNED_LIMIT_SETTING));
  return Number.isSafeInteger(learned) && learned > 0 ? { limit: learned, source: 'learned' } : { limit: DEFAULT_LIMIT, source: 'default' };
}

async function usedSince(db: DashboardDb | DashboardTx, since: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.apiCalls).where(gt(schema.apiCalls.at, since));
  return row?.n ?? 0;
}

function allowances(limit: number, source: BudgetState['limitSource'], usedLastMinute: number): BudgetState {
  const sharePercent = getEnv().DASHBOARD_CALL_SHARE_PERCENT;
  const allowance = Math.max(1, Math.floor((limit * sharePercent) / 100));
  return { limit, limitSource: source, sharePercent, allowance, syncAllowance: Math.max(1, Math.floor(allowance / 2)), usedLastMinute };
}

/** The share and how much of it the last minute used; without `now`, read once per request (the overview's cards all show it). */
export function budgetState(now?: number): Promise<BudgetState> {
  return now === undefined ? budgetStateThisRequest() : readBudgetState(now);
}

// Outside a render or an action `cache` calls through, so background passes read afresh each time.
const budgetStateThisRequest = cache(() => readBudgetState(Date.now()));

async function readBudgetState(now: number): Promise<BudgetState> {
  const { limit, source } = await limitNow();
  return allowances(limit, source, await usedSince(await getDb(), now - WINDOW_MS));
}

/** Seconds until the oldest call in the window leaves it. */
async function secondsUntilSlot(tx: DashboardDb | DashboardTx, now: number): Promise<number> {
  const [oldest] = await tx
    .select({ at: schema.apiCalls.at })
    .from(schema.apiCalls)
    .where(gt(schema.apiCalls.at, now - WINDOW_MS))
    .orderBy(asc(schema.apiCalls.at))
    .limit(1);
  return oldest ? Math.max(1, Math.ceil((oldest.at + WINDOW_MS - now) / 1000)) : 1;
}

/** Any number, the same in every instance: the budget's lock key. */
const BUDGET_LOCK_KEY = 7_513_202;

/**
 * Counts one attempt against the share, or refuses it. Check and record run in one transaction
 * under an advisory lock, so a burst of views — in this process or in every instance sharing the
 * database — cannot slip past the share together.
 */
export function reserveCall(purpose: CallPurpose, now = Date.now()): Promise<void> {
  return profiled('budget', () => reserve(purpose, now));
}

async function reserve(purpose: CallPurpose, now: number): Promise<void> {
  const { limit, source } = await limitNow();
  const shares = allowances(limit, source, 0);
  const ceiling = purpose === 'sync' ? shares.syncAllowance : shares.allowance;
  const db = await getDb();
  if (getEnv().DATABASE_URL) await reserveShared(db, purpose, now, ceiling, limit);
  else await reserveEmbedded(db, purpose, now, ceiling, limit);
  // Only the last hour is ever shown.
  if (Math.random() < 0.02) await db.delete(schema.apiCalls).where(lt(schema.apiCalls.at, now - HOUR_MS));
}

/**
 * PostgreSQL, shared by every instance: check and record in one transaction under an advisory lock,
 * so a burst of views in every instance cannot slip past the share together.
 */
async function reserveShared(db: DashboardDb, purpose: CallPurpose, now: number, ceiling: number, limit: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK_KEY})`);
    if ((await usedSince(tx, now - WINDOW_MS)) >= ceiling) throw new CallBudgetSpentError(ceiling, limit, await secondsUntilSlot(tx, now));
    await tx.insert(schema.apiCalls).values({ at: now, purpose });
  });
}

/**
 * The embedded store belongs to this one process and runs one statement at a time, so a single
 * statement that counts and records is already atomic: a page's call costs the store one query
 * instead of a transaction of four.
 */
// What drizzle's embedded driver gives back for a raw statement.
const executedRows = z.object({ rows: z.array(z.unknown()) });

async function reserveEmbedded(db: DashboardDb, purpose: CallPurpose, now: number, ceiling: number, limit: number): Promise<void> {
  const recorded = await db.execute(
    sql`insert into ${schema.apiCalls} (at, purpose) select ${now}, ${purpose}
        where (select count(*) from ${schema.apiCalls} where at > ${now - WINDOW_MS}) < ${ceiling} returning id`,
  );
  if (executedRows.parse(recorded).rows.length === 0) throw new CallBudgetSpentError(ceiling, limit, await secondsUntilSlot(db, now));
}

/**
 * Runs background work that may wait: when the share is spent it sleeps until a slot frees and tries
 * again, for up to `patienceMs`, instead of failing. Any other failure is thrown at once.
 */
export async function whenBudgetAllows<T>(call: () => Promise<T>, patienceMs = 15 * 60_000): Promise<T> {
  const giveUpAt = Date.now() + patienceMs;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof CallBudgetSpentError) || Date.now() > giveUpAt) throw err;
      await new Promise((resolve) => setTimeout(resolve, err.retryInSeconds * 1000));
    }
  }
}

/** Keeps the account's limit as the API states it (`RateLimit-Limit` on every answer, D4). */
export async function noteRateLimit(limit: number | undefined): Promise<void> {
  if (!limit || getEnv().PARTNER_RATE_LIMIT_PER_MINUTE) return;
  await profiled('budget', async () => {
    if ((await readSetting(LEARNED_LIMIT_SETTING)) !== String(limit)) await writeSetting(LEARNED_LIMIT_SETTING, String(limit));
  });
}

export type CallCounts = Record<CallPurpose, number>;

/** Calls by purpose over the last minute and hour, and per minute over the hour for the chart. */
export async function callHistory(now = Date.now()): Promise<{
  lastMinute: CallCounts;
  lastHour: CallCounts;
  perMinute: { minutesAgo: number; counts: CallCounts }[];
}> {
  const empty = (): CallCounts => ({ page: 0, change: 0, sync: 0, export: 0 });
  const bucket = sql<number>`((${now}::bigint - ${schema.apiCalls.at}) / 60000)::int`.mapWith(Number);
  const rows = await (
    await getDb()
  )
    .select({ bucket, purpose: schema.apiCalls.purpose, n: count() })
    .from(schema.apiCalls)
    .where(gt(schema.apiCalls.at, now - HOUR_MS))
    // By position: the bucket binds `now` again in a GROUP BY expression, which PostgreSQL would not match.
    .groupBy(sql`1`, sql`2`);
  const perMinute = Array.from({ length: 60 }, (_, i) => ({ minutesAgo: 59 - i, counts: empty() }));
  const lastMinute = empty();
  const lastHour = empty();
  for (const row of rows) {
    const purpose = CALL_PURPOSES.find((p) => p === row.purpose);
    if (!purpose) continue;
    const minutesAgo = Math.min(59, Math.floor(Number(row.bucket)));
    const slot = perMinute[59 - minutesAgo];
    if (slot) slot.counts[purpose] += row.n;
    lastHour[purpose] += row.n;
    if (minutesAgo === 0) lastMinute[purpose] += row.n;
  }
  return { lastMinute, lastHour, perMinute };
}
