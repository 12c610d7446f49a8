import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';

await setUpTestStore('throttle');

const { clearSignInFailures, recordSignInFailure, SIGN_IN_LIMITS, signInWait } = await import('@/lib/auth/throttle');
const { verifyPasswordOf, hashPassword } = await import('@/lib/auth/password');

describe('sign-in throttling', () => {
  it('makes an account wait after five failures, saying how long, and forgets them after a success', async () => {
    const now = 1_700_000_000_000;
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      expect(await signInWait('Someone@Example.com', '10.0.0.1', now + i * 1000)).toBe(0);
      await recordSignInFailure('someone@example.com', '10.0.0.1', now + i * 1000);
    }
    // From another address too: the account is what is being guessed.
    const wait = await signInWait('someone@example.com', '10.0.0.2', now + 10_000);
    expect(wait).toBe(Math.ceil((SIGN_IN_LIMITS.windowMs - 10_000) / 1000));
    expect(await signInWait('someone@example.com', '10.0.0.2', now + SIGN_IN_LIMITS.windowMs + 1)).toBe(0);
    await clearSignInFailures('someone@example.com');
    expect(await signInWait('someone@example.com', '10.0.0.2', now + 10_000)).toBe(0);
  });

  it('makes an address wait after twenty failures across accounts, unknown emails included', async () => {
    const now = 1_700_100_000_000;
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) await recordSignInFailure(`nobody-${i}@example.com`, '10.9.9.9', now + i);
    expect(await signInWait('fresh@example.com', '10.9.9.9', now + 100)).toBeGreaterThan(0);
    expect(await signInWait('fresh@example.com', '10.9.9.8', now + 100)).toBe(0);
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
