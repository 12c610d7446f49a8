import 'server-only';
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

/** Writes one entry; pass the transaction of a local change so the entry and the change land together. */
export async function recordAudit(entry: AuditEntry, db?: DashboardDb | DashboardTx): Promise<void> {
  await (db ?? (await getDb())).insert(schema.auditLog).values({
    at: Date.now(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    outcome: entry.outcome,
    errorCode: entry.errorCode ?? null,
    requestId: entry.requestId ?? null,
    detail: entry.detail ?? null,
    address: entry.address ?? null,
  });
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
