import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('own_password');

const { createUser, findUser } = await import('@/lib/auth/users');
const { changeOwnPassword } = await import('@/lib/team/people');
const { CURRENT_PASSWORD_LIMITS, claimAttempt } = await import('@/lib/team/current-password-attempts');
const { listAudit } = await import('@/lib/audit/query');
const { verifyPassword } = await import('@/lib/credentials/password');
const { getDb } = await import('@/lib/db');
const { passwordRefusal } = await import('@/app/_errors/team-refusals');

/** What the person is told beside the current-password field. */
const said = (outcome: Awaited<ReturnType<typeof changeOwnPassword>>) => (outcome.ok ? '' : passwordRefusal(outcome));

// Opening the store (its migrations) is the slow part on a busy machine: done before the first test's clock starts.
beforeAll(getDb, 120_000);

const WRONG = 'That is not your current password.';

describe('changing your own password', () => {
  it('ends the sessions begun before the change', async () => {
    await createUser({ email: 'mover@example.com', name: 'Mover', role: 'viewer', password: 'mover-password-123' });
    const before = Date.now();
    const changed = await changeOwnPassword('mover@example.com', 'mover-password-123', 'mover-password-456');
    expect(changed.ok).toBe(true);
    const person = await findUser('mover@example.com');
    // Every session signed in up to now is refused from its next request (the caller keeps its own).
    expect(person?.sessionsValidAfter).toBeGreaterThanOrEqual(before);
    expect(changed).toEqual({ ok: true, sessionsValidAfter: person?.sessionsValidAfter });
  });

  it('after five wrong current passwords, refuses every attempt for a while and says how long', async () => {
    await createUser({ email: 'guessed@example.com', name: 'Guessed', role: 'admin', password: 'guessed-password-1' });
    for (let i = 0; i < CURRENT_PASSWORD_LIMITS.perAccount; i++)
      expect(said(await changeOwnPassword('guessed@example.com', `guess-${i}`, 'attacker-password-1'))).toBe(WRONG);

    // Even the right one is refused now: a guess that happens to be right must not get through.
    const refused = await changeOwnPassword('guessed@example.com', 'guessed-password-1', 'attacker-password-1');
    expect(refused).toMatchObject({ ok: false, code: 'throttled' });
    const wait = !refused.ok && refused.code === 'throttled' ? refused.waitSeconds : 0;
    expect(wait).toBeGreaterThan(CURRENT_PASSWORD_LIMITS.windowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(CURRENT_PASSWORD_LIMITS.windowMs / 1000);
    expect(said(refused)).toBe(`Too many wrong current passwords for this account. Try again in ${wait} s.`);
    expect(await verifyPassword('guessed-password-1', (await findUser('guessed@example.com'))?.passwordHash ?? '')).toBe(true);
    const { rows } = await listAudit({ person: 'guessed@example.com', outcome: 'refused' }, 10, 0);
    expect(rows[0]).toMatchObject({ action: 'account.password_change', errorCode: 'throttled', detail: `wait ${wait} s` });

    // Another person is not held up by it.
    expect(said(await changeOwnPassword('mover@example.com', 'wrong', 'whatever-password-1'))).toBe(WRONG);
  });

  it('a burst of parallel guesses gets no more checks than the limit', async () => {
    await createUser({ email: 'burst@example.com', name: 'Burst', role: 'admin', password: 'burst-password-123' });
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => changeOwnPassword('burst@example.com', `parallel-guess-${i}`, 'attacker-password-1')),
    );
    const checked = outcomes.filter((o) => said(o) === WRONG);
    expect(checked.length).toBeLessThanOrEqual(CURRENT_PASSWORD_LIMITS.perAccount);
    expect(outcomes.filter((o) => !o.ok && o.code === 'throttled')).toHaveLength(12 - checked.length);
  });

  it('the right current password clears the wrong ones before it', async () => {
    await createUser({ email: 'typo@example.com', name: 'Typo', role: 'viewer', password: 'typo-password-123' });
    for (let i = 0; i < CURRENT_PASSWORD_LIMITS.perAccount - 1; i++)
      await changeOwnPassword('typo@example.com', `typo-${i}`, 'typo-password-456');
    expect((await changeOwnPassword('typo@example.com', 'typo-password-123', 'typo-password-456')).ok).toBe(true);
    for (let i = 0; i < CURRENT_PASSWORD_LIMITS.perAccount; i++)
      expect(said(await changeOwnPassword('typo@example.com', `typo-again-${i}`, 'typo-password-789'))).toBe(WRONG);
  });

  it('the wait ends when the oldest counted failure leaves the fifteen-minute window', async () => {
    const start = 1_700_000_000_000;
    for (let i = 0; i < CURRENT_PASSWORD_LIMITS.perAccount; i++)
      expect(await claimAttempt('window@example.com', start + i * 60_000)).toMatchObject({ allowed: true });
    const tenMinutesOn = start + 10 * 60_000;
    expect(await claimAttempt('window@example.com', tenMinutesOn)).toEqual({
      allowed: false,
      waitSeconds: (CURRENT_PASSWORD_LIMITS.windowMs - 10 * 60_000) / 1000,
    });
    expect(await claimAttempt('window@example.com', start + CURRENT_PASSWORD_LIMITS.windowMs + 1)).toMatchObject({ allowed: true });
  });
});
