import 'server-only';
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { normaliseEmail } from '@/lib/credentials/email';
import { getDb, schema } from '@/lib/db';
import type { AuditRow } from '@/lib/db/schema';
import { neutraliseFormula } from '@/lib/ui/csv-cell';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_OUTCOMES } from './actions';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The log's filters as they stand in the URL; anything malformed is dropped (and named by the page). */
export const auditFilterSchema = z.object({
  person: z.string().trim().max(320).optional().catch(undefined),
  action: z.enum(AUDIT_ACTION_NAMES).optional().catch(undefined),
  outcome: z.enum(AUDIT_OUTCOMES).optional().catch(undefined),
  target: z.string().trim().max(200).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: AuditFilter): SQL | undefined {
  const a = schema.auditLog;
  const parts: (SQL | undefined)[] = [
    filter.person ? eq(a.actor, normaliseEmail(filter.person)) : undefined,
    filter.action ? eq(a.action, filter.action) : undefined,
    filter.outcome ? eq(a.outcome, filter.outcome) : undefined,
    filter.target ? ilike(a.target, `%${escapeLike(filter.target)}%`) : undefined,
    filter.from ? gte(a.at, Date.parse(`${filter.from}T00:00:00Z`)) : undefined,
    // Through the end of the `to` day (UTC).
    filter.to ? lt(a.at, Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000) : undefined,
  ];
  return and(...parts);
}

export async function listAudit(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const db = await getDb();
  const where = conditions(filter);
  const rows = await db
    .select()
    .from(schema.auditLog)
    .where(where)
    .orderBy(desc(schema.auditLog.at), desc(schema.auditLog.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(schema.auditLog).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Everyone who appears in the log, for the person filter. */
export async function auditActors(): Promise<string[]> {
  const rows = await (await getDb()).selectDistinct({ actor: schema.auditLog.actor }).from(schema.auditLog);
  return rows.map((r) => r.actor).sort();
}

const EXPORT_LIMIT = 50_000;

/** The filtered log as CSV (newest first, at most 50,000 rows), formulas neutralised, with a byte order mark. */
export async function auditCsv(filter: AuditFilter): Promise<{ csv: string; truncated: boolean }> {
  const { rows, total } = await listAudit(filter, EXPORT_LIMIT, 0);
  const header = [
    'When (UTC)',
    'Person',
    'Action',
    'Target',
    'Outcome',
    'Error code',
    'Request id',
    'Detail',
    'Address',
    'Times',
    'Last (UTC)',
  ];
  const records = rows.map((r) =>
    [
      new Date(r.at).toISOString(),
      r.actor,
      AUDIT_ACTIONS[r.action as keyof typeof AUDIT_ACTIONS] ?? r.action,
      r.target ?? '',
      r.outcome,
      r.errorCode ?? '',
      r.requestId ?? '',
      r.detail ?? '',
      r.address ?? '',
      String(r.repeats),
      r.lastAt === null ? '' : new Date(r.lastAt).toISOString(),
    ].map(neutraliseFormula),
  );
  return { csv: stringify([header, ...records], { bom: true }), truncated: total > rows.length };
}
