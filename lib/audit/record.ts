import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDb, schema, type DashboardDb, type DashboardTx } from '@/lib/db';
import { CallBudgetSpentError } from '@/lib/connection/budget-error';
import { withRequestTrail } from '@/lib/connection/request-trail';
import { PartnerApiError } from '@/lib/partner/errors';
import type { AuditAction, AuditOutcome } from './actions';

export type AuditEntry = {
  actor: string;
  action: AuditAction;
  target?: string | null;
  outcome: AuditOutcome;
  errorCode?: string | null;
  requestId?: string | null;
  detail?: string | null;
  address?: string | null;
};

/** Entries are kept this long (a year and a month, so last year's reviews can still be done), then removed. */
export const AUDIT_RETENTION_MS = 400 * 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;
let prunedAt = 0;

const rowOf = (entry: AuditEntry, at: number) => ({
  at,
  actor: entry.actor,
  action: entry.action,
  target: entry.target ?? null,
  outcome: entry.outcome,
  errorCode: entry.errorCode ?? null,
  requestId: entry.requestId ?? null,
  detail: entry.detail ?? null,
  address: entry.address ?? null,
});

/**
 * Removes entries past the retention, at most once an hour per process (an indexed delete). Runs on
 * the writer's own connection or transaction: the embedded store has one connection, so a second
 * query beside an open transaction would wait for it for ever.
 */
async function pruneOld(db: DashboardDb | DashboardTx, now: number): Promise<void> {
  if (now - prunedAt < PRUNE_EVERY_MS) return;
  prunedAt = now;
  await db.delete(schema.auditLog).where(lt(schema.auditLog.at, now - AUDIT_RETENTION_MS));
}

/** Writes one entry; pass the transaction of a local change so the entry and the change land together. */
export async function recordAudit(entry: AuditEntry, db?: DashboardDb | DashboardTx): Promise<void> {
  const now = Date.now();
  const writer = db ?? (await getDb());
  await writer.insert(schema.auditLog).values(rowOf(entry, now));
  await pruneOld(writer, now);
}

/** The span in which repeats of one anonymous event share an entry. */
export const REPEAT_WINDOW_MS = 15 * 60_000;

/**
 * For what anyone can cause without signing in (a refused sign-in): one entry per action, outcome,
 * code, address and target in each 15-minute span, counting repeats, so a flood of attempts cannot
 * flood the log. Concurrent repeats add up through the entry's unique key.
 */
export async function recordRepeatedAudit(entry: AuditEntry, now = Date.now()): Promise<void> {
  const span = Math.floor(now / REPEAT_WINDOW_MS);
  const key = JSON.stringify([entry.action, entry.outcome, entry.errorCode ?? null, entry.address ?? null, entry.target ?? null, span]);
  const a = schema.auditLog;
  const db = await getDb();
  await db
    .insert(a)
    .values({ ...rowOf(entry, now), aggregateKey: key, lastAt: now })
    .onConflictDoUpdate({ target: a.aggregateKey, set: { repeats: sql`${a.repeats} + 1`, lastAt: now, detail: entry.detail ?? null } });
  await pruneOld(db, now);
}

/** What an error says for the log: the API's refusal code, our own, or a failure. */
export function outcomeOf(error: unknown): Pick<AuditEntry, 'outcome' | 'errorCode' | 'requestId'> {
  if (error instanceof PartnerApiError)
    return {
      outcome: error.status < 500 ? 'refused' : 'failed',
      errorCode: error.code ?? `http_${error.status}`,
      requestId: error.requestId,
    };
  if (error instanceof CallBudgetSpentError) return { outcome: 'refused', errorCode: 'call_budget_spent' };
  return { outcome: 'failed', errorCode: error instanceof Error ? error.name : 'error' };
}

/**
 * Runs a change made at the API and records it — done, refused (with the API's code) or failed —
 * with the request_id of its last call. The error, if any, is thrown on unchanged.
 */
export async function audited<T>(
  entry: Omit<AuditEntry, 'outcome' | 'errorCode' | 'requestId'> & { describe?: (result: T) => string | null },
  change: () => Promise<T>,
): Promise<T> {
  const calls: { requestId?: string } = {};
  const { describe, ...base } = entry;
  try {
    const result = await withRequestTrail(calls, change);
    await recordAudit({ ...base, outcome: 'ok', requestId: calls.requestId ?? null, detail: describe?.(result) ?? base.detail ?? null });
    return result;
  } catch (error) {
    const outcome = outcomeOf(error);
    await recordAudit({ ...base, ...outcome, requestId: outcome.requestId ?? calls.requestId ?? null }).catch(() => undefined);
    throw error;
  }
}
