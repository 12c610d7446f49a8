import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';

// A file of its own: the prune runs at most once an hour per process, so no earlier write may have run it.
await setUpTestStore('audit_retention');

const { getDb, schema } = await import('@/lib/db');
const { recordAudit, AUDIT_RETENTION_MS } = await import('@/lib/audit/record');

describe('the audit log’s retention', () => {
  it('removes entries past it when the next entry is written, inside a transaction too, and keeps the rest', async () => {
    const db = await getDb();
    const now = Date.now();
    await db.insert(schema.auditLog).values([
      { at: now - AUDIT_RETENTION_MS - 60_000, actor: 'old@example.com', action: 'auth.sign_out', outcome: 'ok' },
      { at: now - AUDIT_RETENTION_MS + 60_000, actor: 'kept@example.com', action: 'auth.sign_out', outcome: 'ok' },
    ]);
    // On the embedded store a write beside an open transaction would wait for ever: the prune uses the writer's own.
    await db.transaction(async (tx) => recordAudit({ actor: 'new@example.com', action: 'auth.sign_out', outcome: 'ok' }, tx));
    const actors = (await db.select({ actor: schema.auditLog.actor }).from(schema.auditLog)).map((r) => r.actor);
    expect(actors).not.toContain('old@example.com');
    expect(actors).toEqual(expect.arrayContaining(['kept@example.com', 'new@example.com']));
  });
});
