import type { Delivery } from '@/lib/partner/schemas';
import { attemptsInOrder, type TimedAttempt } from './attempts';

/*
 * The one rule for "the webhook endpoint is failing" (docs/dashboard/webhook-health.md). Every page,
 * banner and the background watch ask this module, so they can never disagree.
 *
 * The attempts of all deliveries are walked oldest first, carrying the state:
 * - healthy -> failing at a FAILED attempt after which either the last 5 attempts all failed, or
 *   the attempts of the 15 minutes up to it (that attempt included, one exactly 15 minutes older
 *   not) number at least 10 and at least half of them failed. A success never raises the banner,
 *   and a window that merely drains with no new attempt is no new evidence either way.
 * - failing -> healthy at the third successful attempt in a row; a failure starts the count again.
 *   While failing, the trip clauses are not consulted: only successes end it.
 */

export const LAST_ATTEMPTS_CLAUSE = 5;
export const RATIO_WINDOW_MS = 15 * 60 * 1000;
export const RATIO_MIN_ATTEMPTS = 10;
export const RECOVERY_SUCCESSES = 3;

export type FailingStreak = {
  /** `attempted_at` of the first failed attempt the tripping clause counted. */
  since: string;
  /** Failed attempts from `since` to the latest attempt. */
  failedAttempts: number;
  /** Distinct answer statuses of those failures, most frequent first (ties: lower status first); no answer is not a status. */
  statusCodes: number[];
  /** The latest failed attempt's answer: a status and body only when the endpoint answered. */
  lastStatus: number | null;
  lastBody: string | null;
  lastError: string | null;
};

export type FailingState = { state: 'healthy'; streak: null } | { state: 'failing'; streak: FailingStreak };

export function endpointHealth(deliveries: readonly Delivery[], now: Date): FailingState {
  return evaluateFailingRule(attemptsInOrder(deliveries, now));
}

/** The rule over attempts already in time order (as `attemptsInOrder` gives them). */
export function evaluateFailingRule(attempts: readonly TimedAttempt[]): FailingState {
  let failing = false;
  let since = -1;
  let failedRun = 0;
  let successRun = 0;
  let windowStart = 0;
  let windowFailed = 0;

  attempts.forEach((a, i) => {
    for (let head = attempts[windowStart]; head && head.at <= a.at - RATIO_WINDOW_MS; head = attempts[windowStart]) {
      if (!head.ok) windowFailed -= 1;
      windowStart += 1;
    }
    if (a.ok) {
      failedRun = 0;
      successRun += 1;
      if (failing && successRun >= RECOVERY_SUCCESSES) failing = false;
      return;
    }
    failedRun += 1;
    successRun = 0;
    windowFailed += 1;
    if (failing) return;
    const lastClause = failedRun >= LAST_ATTEMPTS_CLAUSE;
    const inWindow = i - windowStart + 1;
    const ratioClause = inWindow >= RATIO_MIN_ATTEMPTS && windowFailed * 2 >= inWindow;
    if (!lastClause && !ratioClause) return;
    failing = true;
    since = lastClause ? i - failedRun + 1 : i;
    if (ratioClause) since = Math.min(since, firstFailure(attempts, windowStart, i));
  });

  return failing ? { state: 'failing', streak: streakFrom(attempts.slice(since)) } : { state: 'healthy', streak: null };
}

function firstFailure(attempts: readonly TimedAttempt[], from: number, to: number): number {
  for (let j = from; j <= to; j += 1) if (attempts[j]?.ok === false) return j;
  return to;
}

function streakFrom(attempts: readonly TimedAttempt[]): FailingStreak {
  const failures = attempts.filter((a) => !a.ok);
  const counts = new Map<number, number>();
  for (const f of failures) if (f.status !== null) counts.set(f.status, (counts.get(f.status) ?? 0) + 1);
  // The walk starts a streak only at a failed attempt, so both ends exist.
  const first = failures[0] as TimedAttempt;
  const last = failures[failures.length - 1] as TimedAttempt;
  return {
    since: first.attemptedAt,
    failedAttempts: failures.length,
    statusCodes: [...counts.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]).map(([status]) => status),
    lastStatus: last.status,
    lastBody: last.status === null ? null : last.body,
    lastError: last.error,
  };
}
