import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('team_link_authority');

const { createUser, findUser } = await import('@/lib/auth/users');
const { issueLink, lookUpLink, openLinks, redeemLink, usableLink } = await import('@/lib/team/one-time-links');
const { changeRole, setDisabled } = await import('@/lib/team/people');
const { listAudit } = await import('@/lib/audit/query');
const { verifyPassword } = await import('@/lib/credentials/password');
const { getDb } = await import('@/lib/db');

// Opening the store (its migrations) is the slow part on a busy machine: done before the first test's clock starts.
beforeAll(getDb, 120_000);

const OWNER = 'owner@example.com';

/** An admin, and the admin whose password their reset link would set. */
async function adminWithLinks(tag: string) {
  const maker = `${tag}@example.com`;
  const colleague = `${tag}-colleague@example.com`;
  await createUser({ email: maker, name: tag, role: 'admin', password: `${tag}-password-123` });
  await createUser({ email: colleague, name: `${tag} colleague`, role: 'admin', password: `${tag}-colleague-pass` });
  const invite = await issueLink({ kind: 'invite', email: `${tag}-newcomer@example.com`, role: 'admin', createdBy: maker });
  const reset = await issueLink({ kind: 'reset', email: colleague, role: 'admin', createdBy: maker });
  return { maker, colleague, invite, reset };
}

/** Both links are refused, and neither made an admin nor set a password. */
async function expectRefused(links: Awaited<ReturnType<typeof adminWithLinks>>, tag: string) {
  expect(await usableLink(links.invite.token)).toBeUndefined();
  expect(await usableLink(links.reset.token)).toBeUndefined();
  expect((await redeemLink(links.invite.token, { name: 'Newcomer', password: 'newcomer-password-1' })).ok).toBe(false);
  expect((await redeemLink(links.reset.token, { name: 'ignored', password: 'taken-over-password-1' })).ok).toBe(false);
  expect(await findUser(`${tag}-newcomer@example.com`)).toBeUndefined();
  const colleague = await findUser(links.colleague);
  expect(await verifyPassword(`${tag}-colleague-pass`, colleague?.passwordHash ?? '')).toBe(true);
}

describe('a link carries the authority of the admin who made it', () => {
  it('disabling an admin revokes their open links in the same change, with one audit entry counting them', async () => {
    await createUser({ email: OWNER, name: 'Owner', role: 'admin', password: 'owner-password-123' });
    const links = await adminWithLinks('disabled');
    expect(await setDisabled(OWNER, links.maker, true)).toEqual({ ok: true });

    await expectRefused(links, 'disabled');
    expect((await openLinks()).filter((l) => l.createdBy === links.maker)).toEqual([]);
    const { rows } = await listAudit({ action: 'team.invite_revoke', target: links.maker }, 10, 0);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: OWNER, outcome: 'ok', detail: `2 open links made by ${links.maker} (disabled)` });

    // Re-enabled, they make new links; the revoked ones stay revoked.
    expect(await setDisabled(OWNER, links.maker, false)).toEqual({ ok: true });
    expect(await usableLink(links.invite.token)).toBeUndefined();
    expect(await usableLink(links.reset.token)).toBeUndefined();
  });

  it('demoting an admin to viewer revokes their open links the same way', async () => {
    const links = await adminWithLinks('demoted');
    expect(await changeRole(OWNER, links.maker, 'viewer')).toEqual({ ok: true });

    await expectRefused(links, 'demoted');
    const { rows } = await listAudit({ action: 'team.invite_revoke', target: links.maker }, 10, 0);
    expect(rows[0]?.detail).toBe(`2 open links made by ${links.maker} (no longer an admin)`);
  });

  it('a link made in the moment before its maker was disabled is refused when opened and when used, and stays spent', async () => {
    await createUser({ email: 'racing@example.com', name: 'Racing', role: 'admin', password: 'racing-password-123' });
    await createUser({ email: 'racing-colleague@example.com', name: 'Colleague', role: 'admin', password: 'colleague-pass-123' });
    expect(await setDisabled(OWNER, 'racing@example.com', true)).toEqual({ ok: true });
    // What the maker's request wrote after the disable had committed (it was authorised just before).
    const invite = await issueLink({ kind: 'invite', email: 'late@example.com', role: 'admin', createdBy: 'racing@example.com' });
    const reset = await issueLink({ kind: 'reset', email: 'racing-colleague@example.com', role: 'admin', createdBy: 'racing@example.com' });

    expect(await usableLink(invite.token)).toBeUndefined();
    expect(await lookUpLink(invite.token)).toEqual({ usable: false, reason: 'creator_inactive' });
    expect(await redeemLink(invite.token, { name: 'Late', password: 'late-password-123' })).toEqual({
      ok: false,
      reason: 'creator_inactive',
    });
    expect(await redeemLink(reset.token, { name: 'ignored', password: 'taken-over-password-1' })).toEqual({
      ok: false,
      reason: 'creator_inactive',
    });
    expect(await findUser('late@example.com')).toBeUndefined();
    expect(await verifyPassword('colleague-pass-123', (await findUser('racing-colleague@example.com'))?.passwordHash ?? '')).toBe(true);
    const refusals = await listAudit({ outcome: 'refused', target: 'racing-colleague@' }, 10, 0);
    expect(refusals.rows[0]).toMatchObject({ action: 'team.password_reset', errorCode: 'creator_inactive' });

    // Re-enabling the maker does not bring the refused links back.
    expect(await setDisabled(OWNER, 'racing@example.com', false)).toEqual({ ok: true });
    expect(await lookUpLink(invite.token)).toEqual({ usable: false, reason: 'unusable' });
  });

  it('links of an admin who stays active keep working', async () => {
    const invite = await issueLink({ kind: 'invite', email: 'welcome@example.com', role: 'viewer', createdBy: OWNER });
    expect((await usableLink(invite.token))?.createdBy).toBe(OWNER);
    expect(await redeemLink(invite.token, { name: 'Welcome', password: 'welcome-password-1' })).toMatchObject({ ok: true });
  });
});
