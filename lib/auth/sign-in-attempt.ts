import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { verifyPasswordOf } from './password';
import { importPendingAdmins } from './pending-admins';
import { clearSignInFailures, recordSignInFailure, signInWait } from './throttle';
import { findUser, normaliseEmail } from './users';

/** The visitor's address as the server (or the operator's trusted proxy) reports it; throttling keys on it. */
export function clientAddress(requestHeaders: Headers): string {
  return requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() || requestHeaders.get('x-real-ip') || 'unknown';
}

/**
 * One sign-in attempt, however it arrives (the sign-in form, or Auth.js's own credentials endpoint):
 * throttled per account and address, the same work for unknown emails, counted, and in the audit log.
 */
export async function attemptSignIn(email: string, password: string, address: string) {
  const attempt = { actor: normaliseEmail(email), action: 'auth.sign_in' as const, address };
  const wait = await signInWait(email, address);
  if (wait > 0) {
    await recordAudit({ ...attempt, outcome: 'refused', errorCode: 'throttled', detail: `wait ${wait} s` });
    return null;
  }
  await importPendingAdmins();
  const found = await findUser(email);
  // A disabled person is checked like anyone else (same work), then refused.
  const user = found?.disabledAt === null ? found : undefined;
  if (!(await verifyPasswordOf(user, password)) || !user) {
    await recordSignInFailure(email, address);
    await recordAudit({ ...attempt, outcome: 'refused', errorCode: found?.disabledAt ? 'disabled' : 'wrong_credentials' });
    return null;
  }
  await clearSignInFailures(email);
  await recordAudit({ ...attempt, outcome: 'ok' });
  return user;
}
