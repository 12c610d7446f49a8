import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';

await setUpTestStore('throttle');

const { beginSignIn, settleSignIn, SIGN_IN_LIMITS, signInWait } = await import('@/lib/auth/throttle');
const { verifyPasswordOf, hashPassword } = await import('@/lib/credentials/password');

describe('sign-in throttling', () => {
  /** A failed attempt at `now`: let through, then left counted (a wrong password). */
  async function fail(email: string, address: string, now: number): Promise<void> {
    const begun = await beginSignIn(email, address, now);
    if (!('ticket' in begun)) throw new Error(`expected the attempt at ${now} to be let through, got a wait of ${begun.wait} s`);
    await settleSignIn(begun.ticket, false);
  }

  it('slows an account down after five failures with growing delays, never locking it', { timeout: 90_000 }, async () => {
    const now = 1_700_000_000_000;
    let at = now;
    for (let i = 0; i < SIGN_IN_LIMITS.freeAccountFailures; i++) {
      expect(await signInWait('Someone@Example.com', `10.0.0.${i}`, at)).toBe(0);
      await fail('someone@example.com', `10.0.0.${i}`, at);
      at += 1000;
    }
    // From another address too: the account is what is being guessed. The delay runs from the last failure.
    expect(await signInWait('someone@example.com', '10.0.1.1', at - 1000)).toBe(10);
    expect(await beginSignIn('someone@example.com', '10.0.1.1', at)).toEqual({ wait: 9 });
    // Each further failure doubles the delay, up to a minute.
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await signInWait('someone@example.com', `10.0.2.${i}`, at);
      delays.push(wait);
      at += wait * 1000;
      await fail('someone@example.com', `10.0.2.${i}`, at);
    }
    expect(delays).toEqual([9, 20, 40, 60, 60, 60, 60, 60]);
    expect(await signInWait('someone@example.com', '10.0.3.1', at)).toBe(60);
    // Once the window has passed over every failure, nothing is left to wait for.
    expect(await signInWait('someone@example.com', '10.0.3.1', at + SIGN_IN_LIMITS.windowMs + 1)).toBe(0);
  });

  it('lets the owner in after the delay however many failures strangers caused, and a success clears them', async () => {
    const { createUser } = await import('@/lib/auth/users');
    const { attemptSignIn } = await import('@/lib/auth/sign-in-attempt');
    await createUser({ email: 'last-admin@example.com', name: 'Last Admin', role: 'admin', password: 'the right password' });
    // Twelve strangers' failures in the last eight minutes, each from an address of its own, as fast as
    // the delays allowed: past the point where a lock-out would have shut the owner out.
    let at = Date.now() - 8 * 60_000;
    for (let i = 0; i < 12; i++) {
      at += (await signInWait('last-admin@example.com', `198.51.100.${i}`, at)) * 1000;
      await fail('last-admin@example.com', `198.51.100.${i}`, at);
    }
    expect(at).toBeLessThan(Date.now());
    const wait = await signInWait('last-admin@example.com', '203.0.113.7');
    expect(wait).toBeLessThanOrEqual(SIGN_IN_LIMITS.maxDelayMs / 1000);
    if (wait > 0) expect(await attemptSignIn('last-admin@example.com', 'the right password', '203.0.113.7')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    const signedIn = await attemptSignIn('last-admin@example.com', 'the right password', '203.0.113.7');
    expect(signedIn?.email).toBe('last-admin@example.com');
    expect(await signInWait('last-admin@example.com', '203.0.113.7')).toBe(0);
  }, 90_000);

  it('makes an address wait after twenty failures across accounts, unknown emails included', async () => {
    const now = 1_700_100_000_000;
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress - 1; i++) await fail(`nobody-${i}@example.com`, '10.9.9.9', now + i);
    // Nineteen are not yet a reason to wait; the twentieth is.
    expect(await signInWait('fresh@example.com', '10.9.9.9', now + 100)).toBe(0);
    await fail('nobody-last@example.com', '10.9.9.9', now + 50);
    expect(await signInWait('fresh@example.com', '10.9.9.9', now + 100)).toBe(Math.ceil((SIGN_IN_LIMITS.windowMs - 100) / 1000));
    expect(await beginSignIn('fresh@example.com', '10.9.9.9', now + 100)).toEqual({
      wait: Math.ceil((SIGN_IN_LIMITS.windowMs - 100) / 1000),
    });
    expect(await signInWait('fresh@example.com', '10.9.9.8', now + 100)).toBe(0);
    // The wait ends when the oldest failure leaves the window.
    expect(await signInWait('fresh@example.com', '10.9.9.9', now + SIGN_IN_LIMITS.windowMs)).toBe(0);
    expect(await signInWait('fresh@example.com', '10.9.9.9', now + SIGN_IN_LIMITS.windowMs - 1000)).toBe(1);
  });

  it('clears the account’s failures on success, but not its address’s earlier ones (others may share it)', async () => {
    const now = Date.now();
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress - 1; i++) await fail(`shared-${i}@example.com`, '10.8.8.8', now - 60_000 + i);
    for (let i = 0; i < SIGN_IN_LIMITS.freeAccountFailures; i++) await fail('owner@example.com', '10.7.7.7', now - 100_000 + i);
    // The delay after the fifth failure has passed: a right password now.
    const begun = await beginSignIn('owner@example.com', '10.8.8.8', now);
    if (!('ticket' in begun)) throw new Error(`expected a ticket, got a wait of ${begun.wait} s`);
    await settleSignIn(begun.ticket, true);
    // The account starts afresh: one new failure is free again (a sixth would have cost 20 s).
    await fail('owner@example.com', '10.5.5.5', now);
    expect(await signInWait('owner@example.com', '10.5.5.5', now)).toBe(0);
    // Nineteen earlier failures on the address stay; the successful attempt did not make them twenty.
    expect(await signInWait('someone-else@example.com', '10.8.8.8', now)).toBe(0);
    await fail('someone-else@example.com', '10.8.8.8', now);
    expect(await signInWait('someone-else@example.com', '10.8.8.8', now)).toBeGreaterThan(0);
  });

  it('counts a concurrent burst under one lock before any password is checked', async () => {
    const { attemptSignIn } = await import('@/lib/auth/sign-in-attempt');
    const { getDb, schema } = await import('@/lib/db');
    const { and, eq } = await import('drizzle-orm');
    const { createUser } = await import('@/lib/auth/users');
    const email = `burst-${Date.now()}@example.com`;
    await createUser({ email, name: 'Burst', role: 'viewer', password: 'a password nobody guesses' });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attemptSignIn(email, `wrong-${i}`, '192.0.2.50')));
    expect(results.every((r) => r === null)).toBe(true);
    // Refused sign-ins from one address share an entry per code, counting repeats.
    const log = await (
      await getDb()
    )
      .select({ errorCode: schema.auditLog.errorCode, repeats: schema.auditLog.repeats, actor: schema.auditLog.actor })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'auth.sign_in'), eq(schema.auditLog.target, `user:${email}`)));
    expect(log).toHaveLength(2);
    expect(log.every((r) => r.actor === 'anonymous')).toBe(true);
    const checked = log.find((r) => r.errorCode === 'wrong_credentials')?.repeats;
    const throttled = log.find((r) => r.errorCode === 'throttled')?.repeats;
    expect({ checked, throttled }).toEqual({
      checked: SIGN_IN_LIMITS.freeAccountFailures,
      throttled: 12 - SIGN_IN_LIMITS.freeAccountFailures,
    });
  });

  it('does the same work for an unknown email as for a wrong password', async () => {
    const user = { passwordHash: await hashPassword('correct horse battery') };
    const time = async (run: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(() => verifyPasswordOf(user, 'wrong')));
      unknown.push(await time(() => verifyPasswordOf(undefined, 'wrong')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? 0;
    // Both run one scrypt: an unknown email is not answered measurably faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(await verifyPasswordOf(user, 'correct horse battery')).toBe(true);
  });
});
