import 'server-only';
import { asc, count, gt, lt, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/config/env';
import { getDb, schema } from '@/lib/db';
import { readSetting, writeSetting } from '@/lib/db/settings';
import { CallBudgetSpentError } from './budget-error';

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

function limitNow(): { limit: number; source: BudgetState['limitSource'] } {
  const configured = getEnv().PARTNER_RATE_LIMIT_PER_MINUTE;
  if (configured) return { limit: configured, source: 'configured' };
  const learned = Number(readSetting(LEARNED_LIMIT_SETTING));
  return Number.isSafeInteger(learned) && learned > 0 ? { limit: learned, source: 'learned' } : { limit: DEFAULT_LIMIT, source: 'default' };
}

function usedSince(since: number): number {
  return getDb().select({ n: count() }).from(schema.apiCalls).where(gt(schema.apiCalls.at, since)).get()?.n ?? 0;
}

export function budgetState(now = Date.now()): BudgetState {
  const { limit, source } = limitNow();
  const sharePercent = getEnv().DASHBOARD_CALL_SHARE_PERCENT;
  const allowance = Math.max(1, Math.floor((limit * sharePercent) / 100));
  return {
    limit,
    limitSource: source,
    sharePercent,
    allowance,
    syncAllowance: Math.max(1, Math.floor(allowance / 2)),
    usedLastMinute: usedSince(now - WINDOW_MS),
  };
}

/** Seconds until the oldest call in the window leaves it. */
function secondsUntilSlot(now: number): number {
  const oldest = getDb()
    .select({ at: schema.apiCalls.at })
    .from(schema.apiCalls)
    .where(gt(schema.apiCalls.at, now - WINDOW_MS))
    .orderBy(asc(schema.apiCalls.at))
    .get();
  return oldest ? Math.max(1, Math.ceil((oldest.at + WINDOW_MS - now) / 1000)) : 1;
}

/**
 * Counts one attempt against the share, or refuses it. Check and record run in one transaction, so
 * a burst of views in this process cannot slip past the share together.
 */
export function reserveCall(purpose: CallPurpose, now = Date.now()): void {
  const db = getDb();
  db.transaction((tx) => {
    const state = budgetState(now);
    const ceiling = purpose === 'sync' ? state.syncAllowance : state.allowance;
    if (state.usedLastMinute >= ceiling) throw new CallBudgetSpentError(ceiling, state.limit, secondsUntilSlot(now));
    tx.insert(schema.apiCalls).values({ at: now, purpose }).run();
  });
  // Only the last hour is ever shown.
  if (Math.random() < 0.02)
    db.delete(schema.apiCalls)
      .where(lt(schema.apiCalls.at, now - HOUR_MS))
      .run();
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
export function noteRateLimit(limit: number | undefined): void {
  if (!limit || getEnv().PARTNER_RATE_LIMIT_PER_MINUTE) return;
  if (readSetting(LEARNED_LIMIT_SETTING) !== String(limit)) writeSetting(LEARNED_LIMIT_SETTING, String(limit));
}

export type CallCounts = Record<CallPurpose, number>;

/** Calls by purpose over the last minute and hour, and per minute over the hour for the chart. */
export function callHistory(now = Date.now()): {
  lastMinute: CallCounts;
  lastHour: CallCounts;
  perMinute: { minutesAgo: number; counts: CallCounts }[];
} {
  const empty = (): CallCounts => ({ page: 0, change: 0, sync: 0, export: 0 });
  const rows = getDb()
    .select({ bucket: sql<number>`(${now} - ${schema.apiCalls.at}) / 60000`, purpose: schema.apiCalls.purpose, n: count() })
    .from(schema.apiCalls)
    .where(gt(schema.apiCalls.at, now - HOUR_MS))
    .groupBy(sql`1`, schema.apiCalls.purpose)
    .all();
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
