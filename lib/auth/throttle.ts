import 'server-only';
import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { getDb, schema, type DashboardDb, type DashboardTx } from '@/lib/db';
import { normaliseEmail } from '@/lib/credentials/email';

/**
 * Sign-in throttling. An address that fails 20 times in 15 minutes waits until its oldest failure
 * leaves the window. An account is never locked: after 5 failures in the window each further try
 * waits a growing delay after the account's last failure (10, 20, 40 s, then 60 s at most), so a
 * stranger can slow the account's owner down but never shut them out.
 */
export const SIGN_IN_LIMITS = {
  perAddress: 20,
  windowMs: 15 * 60_000,
  /** Failures on one account in the window before the slow-down starts. */
  freeAccountFailures: 5,
  firstDelayMs: 10_000,
  maxDelayMs: 60_000,
} as const;

/** Any number, the same in every instance: the sign-in lock's key. */
const SIGN_IN_LOCK_KEY = 7_513_202;

const accountKey = (email: string) => `email:${normaliseEmail(email)}`;
const addressKey = (address: string) => `ip:${address}`;

/** The account's delay after its nth failure in the window (n counted from 1). */
export function accountDelayMs(failures: number): number {
  const extra = failures - SIGN_IN_LIMITS.freeAccountFailures;
  if (extra < 0) return 0;
  return Math.min(SIGN_IN_LIMITS.firstDelayMs * 2 ** extra, SIGN_IN_LIMITS.maxDelayMs);
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

async function waitIn(db: DashboardDb | DashboardTx, email: string, address: string, now: number): Promise<number> {
  const since = now - SIGN_IN_LIMITS.windowMs;
  const f = schema.signInFailures;
  const inWindow = (key: string) => and(eq(f.key, key), gt(f.at, since));
  const account = await db
    .select({ at: f.at })
    .from(f)
    .where(inWindow(accountKey(email)))
    .orderBy(desc(f.at));
  const last = account[0]?.at;
  const accountWait = last === undefined ? 0 : seconds(last + accountDelayMs(account.length) - now);
  // The oldest failure still counted over the limit leaves the window first; the wait ends then.
  const [oldest] = await db
    .select({ at: f.at })
    .from(f)
    .where(inWindow(addressKey(address)))
    .orderBy(desc(f.at))
    .limit(1)
    .offset(SIGN_IN_LIMITS.perAddress - 1);
  const addressWait = oldest === undefined ? 0 : seconds(oldest.at + SIGN_IN_LIMITS.windowMs - now);
  return Math.max(accountWait, addressWait);
}

/** Seconds to wait before another sign-in may be tried, or 0. Applies to unknown emails too, so it reveals nothing. */
export async function signInWait(email: string, address: string, now = Date.now()): Promise<number> {
  return waitIn(await getDb(), email, address, now);
}

/** An attempt that was let through: already counted as a failure until `settleSignIn` says it succeeded. */
export type SignInTicket = { email: string; rowIds: number[] };

/**
 * Lets an attempt through, or says how long to wait. The check and the count happen under one lock,
 * before any password is hashed, so a burst of concurrent attempts (here or on another instance)
 * cannot all pass the same check.
 */
export async function beginSignIn(email: string, address: string, now = Date.now()): Promise<{ wait: number } | { ticket: SignInTicket }> {
  return (await getDb()).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_KEY})`);
    const wait = await waitIn(tx, email, address, now);
    if (wait > 0) return { wait };
    const rows = await tx
      .insert(schema.signInFailures)
      .values([
        { key: accountKey(email), at: now },
        { key: addressKey(address), at: now },
      ])
      .returning({ id: schema.signInFailures.id });
    await tx.delete(schema.signInFailures).where(lt(schema.signInFailures.at, now - SIGN_IN_LIMITS.windowMs));
    return { ticket: { email, rowIds: rows.map((r) => r.id) } };
  });
}

/**
 * A correct password clears the account's failures and this attempt's own count (not the address's
 * earlier failures: others may share it). A wrong one leaves the attempt counted.
 */
export async function settleSignIn(ticket: SignInTicket, succeeded: boolean): Promise<void> {
  if (!succeeded) return;
  const f = schema.signInFailures;
  await (await getDb()).delete(f).where(or(eq(f.key, accountKey(ticket.email)), inArray(f.id, ticket.rowIds)));
}
