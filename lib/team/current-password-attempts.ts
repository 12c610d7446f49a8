import 'server-only';
import { and, count, desc, eq, gt, lt, ne } from 'drizzle-orm';
import { normaliseEmail } from '@/lib/credentials/email';
import { getDb, schema } from '@/lib/db';

/**
 * Wrong current passwords allowed per account in the window, before a wait. Counted in the store's
 * failure table (under a key of their own), so every instance of the dashboard shares the count.
 */
export const CURRENT_PASSWORD_LIMITS = { perAccount: 5, windowMs: 15 * 60_000 } as const;

const keyOf = (email: string) => `current-password:${normaliseEmail(email)}`;

export type AttemptClaim = { allowed: true; attemptId: number } | { allowed: false; waitSeconds: number };

/**
 * Counts an attempt before its password is checked, so a burst of parallel guesses gets no more
 * checks than the limit: each attempt sees every attempt written before it. The claim stays as a
 * failure unless the password turns out right (`forgetAttempts`); a refused claim is taken back.
 */
export async function claimAttempt(email: string, now = Date.now()): Promise<AttemptClaim> {
  const db = await getDb();
  const key = keyOf(email);
  const since = now - CURRENT_PASSWORD_LIMITS.windowMs;
  await db.delete(schema.signInFailures).where(and(eq(schema.signInFailures.key, key), lt(schema.signInFailures.at, since)));
  const [claim] = await db.insert(schema.signInFailures).values({ key, at: now }).returning({ id: schema.signInFailures.id });
  if (!claim) throw new Error('The attempt was not recorded.');
  const [counted] = await db
    .select({ n: count() })
    .from(schema.signInFailures)
    .where(and(eq(schema.signInFailures.key, key), gt(schema.signInFailures.at, since)));
  if ((counted?.n ?? 0) <= CURRENT_PASSWORD_LIMITS.perAccount) return { allowed: true, attemptId: claim.id };
  await db.delete(schema.signInFailures).where(eq(schema.signInFailures.id, claim.id));
  // The wait ends when the newest `perAccount` failures are all that is left in the window.
  const [oldestThatStillBlocks] = await db
    .select({ at: schema.signInFailures.at })
    .from(schema.signInFailures)
    .where(and(eq(schema.signInFailures.key, key), gt(schema.signInFailures.at, since), ne(schema.signInFailures.id, claim.id)))
    .orderBy(desc(schema.signInFailures.at))
    .limit(1)
    .offset(CURRENT_PASSWORD_LIMITS.perAccount - 1);
  const waitMs = (oldestThatStillBlocks?.at ?? now) + CURRENT_PASSWORD_LIMITS.windowMs - now;
  return { allowed: false, waitSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** The right password was given: the account's earlier wrong ones no longer count. */
export async function forgetAttempts(email: string): Promise<void> {
  await (await getDb()).delete(schema.signInFailures).where(eq(schema.signInFailures.key, keyOf(email)));
}
