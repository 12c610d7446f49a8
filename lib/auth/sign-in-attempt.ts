import 'server-only';
import { recordAudit, recordRepeatedAudit } from '@/lib/audit/record';
import { getEnv } from '@/lib/config/env';
import { DEMO_USERS } from '@/lib/credentials/demo-users';
import { verifyPasswordOf } from '@/lib/credentials/password';
import { importPendingAdmins } from './pending-admins';
import { beginSignIn, settleSignIn } from './throttle';
import { normaliseEmail } from '@/lib/credentials/email';
import { findUser } from './users';

/** Against a real service a README password never signs in, even where start-up could not disable it yet. */
function isPublishedLogin(email: string, password: string): boolean {
  return getEnv().PARTNER_API_MODE !== 'sandbox' && DEMO_USERS.some((u) => u.email === normaliseEmail(email) && u.password === password);
}

/**
 * A refused sign-in in the audit log: nobody is signed in, so the actor is `anonymous`, the target
 * names the account only when it exists (typed text is not kept), and repeats from one address share
 * an entry per 15 minutes.
 */
export async function recordRefusedSignIn(email: string, address: string, errorCode: string, detail?: string): Promise<void> {
  const account = await findUser(email);
  await recordRepeatedAudit({
    actor: 'anonymous',
    action: 'auth.sign_in',
    target: account ? `user:${account.email}` : null,
    address,
    outcome: 'refused',
    errorCode,
    detail: detail ?? null,
  });
}

/**
 * One sign-in attempt, however it arrives (the sign-in form, or Auth.js's own credentials endpoint):
 * counted and throttled per account and address before the password is checked, the same work for
 * unknown emails, and in the audit log.
 */
export async function attemptSignIn(email: string, password: string, address: string) {
  const begun = await beginSignIn(email, address);
  if ('wait' in begun) {
    await recordRefusedSignIn(email, address, 'throttled', `wait ${begun.wait} s`);
    return null;
  }
  await importPendingAdmins();
  const found = await findUser(email);
  // A disabled person is checked like anyone else (same work), then refused.
  const user = found?.disabledAt === null ? found : undefined;
  const ok = (await verifyPasswordOf(user, password)) && Boolean(user) && !isPublishedLogin(email, password);
  await settleSignIn(begun.ticket, ok);
  if (!ok || !user) {
    await recordRefusedSignIn(email, address, found?.disabledAt ? 'disabled' : 'wrong_credentials');
    return null;
  }
  await recordAudit({ actor: user.email, action: 'auth.sign_in', target: `user:${user.email}`, address, outcome: 'ok' });
  return user;
}
