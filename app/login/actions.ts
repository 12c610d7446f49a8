'use server';

import { AuthError } from 'next-auth';
import { z } from 'zod';
import { headers } from 'next/headers';
import { signIn } from '@/auth';
import { clearSignInFailures, recordSignInFailure, signInWait } from '@/lib/auth/throttle';
import { safeReturnPath } from '@/lib/auth/safe-return-path';
import { normaliseEmail } from '@/lib/auth/users';
import { recordAudit } from '@/lib/audit/record';

export type LoginState = { message?: string; fieldErrors?: { email?: string[]; password?: string[] }; email?: string };

const loginSchema = z.object({
  email: z.email('Enter the email address you sign in with.'),
  password: z.string().min(1, 'Enter your password.'),
});

export async function logIn(_prev: LoginState, formData: FormData): Promise<LoginState> {
  const email = String(formData.get('email') ?? '');
  const parsed = loginSchema.safeParse({ email, password: formData.get('password') });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors, email };
  const address = clientAddress(await headers());
  const wait = await signInWait(parsed.data.email, address);
  const attempt = { actor: normaliseEmail(parsed.data.email), action: 'auth.sign_in' as const, address };
  if (wait > 0) {
    await recordAudit({ ...attempt, outcome: 'refused', errorCode: 'throttled', detail: `wait ${wait} s` });
    return { message: `Too many failed sign-ins for this account or from this address. Try again in ${wait} s.`, email };
  }
  try {
    await signIn('credentials', {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeReturnPath(formData.get('callbackUrl')),
    });
    return {};
  } catch (error) {
    // Only a refused sign-in is ours to report; the redirect Next throws on success must propagate.
    if (error instanceof AuthError) {
      if (error.type === 'CredentialsSignin') await recordSignInFailure(parsed.data.email, address);
      await recordAudit({
        ...attempt,
        outcome: 'refused',
        errorCode: error.type === 'CredentialsSignin' ? 'wrong_credentials' : error.type,
      });
      return {
        message:
          error.type === 'CredentialsSignin'
            ? 'Wrong email or password. Check both and try again.'
            : 'Sign-in failed. Try again in a moment.',
        email,
      };
    }
    // Anything else is Next's redirect after a successful sign-in.
    await clearSignInFailures(parsed.data.email);
    await recordAudit({ ...attempt, outcome: 'ok' });
    throw error;
  }
}

/** The visitor's address as the server (or the operator's trusted proxy) reports it; throttling keys on it. */
function clientAddress(requestHeaders: Headers): string {
  return requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() || requestHeaders.get('x-real-ip') || 'unknown';
}
