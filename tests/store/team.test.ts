import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('team');

const { createUser, findUser } = await import('@/lib/auth/users');
const { issueLink, redeemLink, usableLink, openLinks, revokeLink, LINK_VALID_MS } = await import('@/lib/team/one-time-links');
const { changeRole, setDisabled, changeOwnPassword } = await import('@/lib/team/people');
const { listAudit, auditCsv } = await import('@/lib/audit/query');
const { verifyPassword } = await import('@/lib/credentials/password');
const { getDb } = await import('@/lib/db');

// Opening the store (its migrations) is the slow part on a busy machine: done before the first test's clock starts.
beforeAll(getDb, 120_000);

describe('the team', () => {
  it('an invitation is a one-time link for 72 hours that creates the person with its role', async () => {
    await createUser({ email: 'owner@example.com', name: 'Owner', role: 'admin', password: 'owner-password-123' });
    const before = Date.now();
    const link = await issueLink({ kind: 'invite', email: 'New.Viewer@Example.com', role: 'viewer', createdBy: 'owner@example.com' });
    expect(link.expiresAt - before).toBeGreaterThanOrEqual(LINK_VALID_MS - 1000);
    expect((await usableLink(link.token))?.email).toBe('new.viewer@example.com');
    expect((await openLinks()).map((l) => l.email)).toContain('new.viewer@example.com');

    const accepted = await redeemLink(link.token, { name: 'New Viewer', password: 'viewer-password-123' });
    expect(accepted).toEqual({ ok: true, email: 'new.viewer@example.com', kind: 'invite' });
    expect((await findUser('new.viewer@example.com'))?.role).toBe('viewer');
    // Once only, even from a second tab.
    expect(await redeemLink(link.token, { name: 'Again', password: 'another-password-1' })).toEqual({ ok: false, reason: 'unusable' });
    expect(await usableLink(link.token)).toBeUndefined();
  });

  it('two tabs using one link at once: exactly one succeeds', async () => {
    const link = await issueLink({ kind: 'invite', email: 'race@example.com', role: 'viewer', createdBy: 'owner@example.com' });
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => redeemLink(link.token, { name: `Tab ${i}`, password: `race-password-${i}00` })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
  });

  it('a revoked or superseded link no longer works; a reset link sets a new password', async () => {
    const first = await issueLink({ kind: 'invite', email: 'later@example.com', role: 'admin', createdBy: 'owner@example.com' });
    const second = await issueLink({ kind: 'invite', email: 'later@example.com', role: 'admin', createdBy: 'owner@example.com' });
    expect(await usableLink(first.token)).toBeUndefined();
    const open = (await openLinks()).find((l) => l.email === 'later@example.com');
    expect(open && (await revokeLink(open.id, 'owner@example.com'))).toBe(true);
    expect(await usableLink(second.token)).toBeUndefined();

    const reset = await issueLink({ kind: 'reset', email: 'new.viewer@example.com', role: 'viewer', createdBy: 'owner@example.com' });
    expect(await redeemLink(reset.token, { name: 'ignored', password: 'brand-new-password-1' })).toMatchObject({ ok: true, kind: 'reset' });
    const person = await findUser('new.viewer@example.com');
    expect(await verifyPassword('brand-new-password-1', person?.passwordHash ?? '')).toBe(true);
    expect(person?.sessionsValidAfter).toBeGreaterThan(0);
  });

  it('nobody can disable or demote the last active admin, even two admins at once', async () => {
    expect(await setDisabled('owner@example.com', 'owner@example.com', true)).toMatchObject({ ok: false, code: 'last_admin' });
    expect(await changeRole('owner@example.com', 'owner@example.com', 'viewer')).toMatchObject({ ok: false, code: 'last_admin' });
    expect(await changeRole('owner@example.com', 'new.viewer@example.com', 'admin')).toEqual({ ok: true });
    // Two admins demoting each other at the same moment: one must stay.
    const both = await Promise.all([
      changeRole('owner@example.com', 'new.viewer@example.com', 'viewer'),
      changeRole('new.viewer@example.com', 'owner@example.com', 'viewer'),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    const admins = [(await findUser('owner@example.com'))?.role, (await findUser('new.viewer@example.com'))?.role].filter(
      (r) => r === 'admin',
    );
    expect(admins).toHaveLength(1);
  });

  it('disabling ends the sessions at once and re-enabling does not bring them back', async () => {
    await createUser({ email: 'temp@example.com', name: 'Temp', role: 'viewer', password: 'temp-password-123' });
    expect(await setDisabled('owner@example.com', 'temp@example.com', true)).toEqual({ ok: true });
    const disabled = await findUser('temp@example.com');
    expect(disabled?.disabledAt).not.toBeNull();
    expect(await setDisabled('owner@example.com', 'temp@example.com', false)).toEqual({ ok: true });
    const enabled = await findUser('temp@example.com');
    expect(enabled?.disabledAt).toBeNull();
    expect(enabled?.sessionsValidAfter).toBe(disabled?.sessionsValidAfter);
  });

  it('everyone changes their own password, given the current one', async () => {
    expect(await changeOwnPassword('temp@example.com', 'wrong', 'next-password-1234')).toMatchObject({
      ok: false,
      code: 'wrong_password',
    });
    expect(await changeOwnPassword('temp@example.com', 'temp-password-123', 'next-password-1234')).toEqual({
      ok: true,
      sessionsValidAfter: (await findUser('temp@example.com'))?.sessionsValidAfter,
    });
    expect(await verifyPassword('next-password-1234', (await findUser('temp@example.com'))?.passwordHash ?? '')).toBe(true);
  });

  it('every step is in the audit log, filterable, and exports as CSV', async () => {
    const { rows, total } = await listAudit({}, 100, 0);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'team.invite',
      'team.invite_accept',
      'team.invite_revoke',
      'team.reset_link',
      'team.password_reset',
      'team.role_change',
      'team.disable',
      'team.enable',
      'account.password_change',
    ])
      expect(actions, action).toContain(action);
    const refusals = await listAudit({ outcome: 'refused', action: 'team.role_change' }, 50, 0);
    expect(refusals.rows.every((r) => r.errorCode === 'last_admin')).toBe(true);
    expect(refusals.total).toBeGreaterThanOrEqual(2);
    const byPerson = await listAudit({ person: 'OWNER@example.com' }, 100, 0);
    expect(byPerson.rows.every((r) => r.actor === 'owner@example.com')).toBe(true);
    expect((await listAudit({ target: 'temp@' }, 100, 0)).rows.every((r) => r.target?.includes('temp@'))).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await listAudit({ from: tomorrow }, 100, 0)).total).toBe(0);
    const { csv } = await auditCsv({});
    expect(csv.startsWith('\uFEFFWhen (UTC),Person,Action')).toBe(true);
    expect(csv.split('\n').filter(Boolean)).toHaveLength(total + 1);
  });
});
