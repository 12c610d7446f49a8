import 'server-only';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import { normaliseEmail } from './users';

/** Failed sign-ins allowed in the window, per account and per address, before a wait. */
export const SIGN_IN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

const keysOf = (email: string, address: string) => [`email:${normaliseEmail(email)}`, `ip:${address}`] as const;

/** Seconds to wait before another sign-in may be tried, or 0. Applies to unknown emails too, so it reveals nothing. */
export async function signInWait(email: string, address: string, now = Date.now()): Promise<number> {
  const db = await getDb();
  const since = now - SIGN_IN_LIMITS.windowMs;
  let wait = 0;
  for (const [i, key] of keysOf(email, address).entries()) {
    const limit = i === 0 ? SIGN_IN_LIMITS.perAccount : SIGN_IN_LIMITS.perAddress;
    const [counted] = await db
      .select({ n: count() })
      .from(schema.signInFailures)
      .where(and(eq(schema.signInFailures.key, key), gt(schema.signInFailures.at, since)));
    const failures = counted?.n ?? 0;
    if (failures < limit) continue;
    // The oldest failure still counted leaves the window first; the wait ends then.
    const [oldest] = await db
      .select({ at: schema.signInFailures.at })
      .from(schema.signInFailures)
      .where(and(eq(schema.signInFailures.key, key), gt(schema.signInFailures.at, since)))
      .orderBy(asc(schema.signInFailures.at))
      .limit(1)
      .offset(failures - limit);
    wait = Math.max(wait, Math.ceil(((oldest?.at ?? now) + SIGN_IN_LIMITS.windowMs - now) / 1000));
  }
  return wait;
}

export async function recordSignInFailure(email: string, address: string, now = Date.now()): Promise<void> {
  const db = await getDb();
  await db.insert(schema.signInFailures).values(keysOf(email, address).map((key) => ({ key, at: now })));
  await db.delete(schema.signInFailures).where(lt(schema.signInFailures.at, now - SIGN_IN_LIMITS.windowMs));
}

/** A successful sign-in clears the account's failures (not the address's: others may share it). */
export async function clearSignInFailures(email: string): Promise<void> {
  await (await getDb()).delete(schema.signInFailures).where(eq(schema.signInFailures.key, keysOf(email, '')[0]));
}
