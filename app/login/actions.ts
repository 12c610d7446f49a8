'use server';

import { AuthError } from 'next-auth';
import { z } from 'zod';
import { headers } from 'next/headers';
import { signIn } from '@/auth';
import { recordRefusedSignIn } from '@/lib/auth/sign-in-attempt';
import { clientAddress } from '@/lib/http/client-address';
import { signInWait } from '@/lib/auth/throttle';
import { safeReturnPath } from '@/lib/auth/safe-return-path';

export type LoginState = { message?: string; fieldErrors?: { email?: string[]; password?: string[] }; email?: string };

const loginSchema = z.object({
  email: z.email('Enter the email address you sign in with.'),
  password: z.string().min(1, 'Enter your password.'),
});

// Not a defineAction: signing in is what makes the session the wrapper checks, so it cannot ask for
// one; refused attempts are throttled and logged by lib/auth/sign-in-attempt.ts instead.
export async function logIn(_prev: LoginState, formData: FormData): Promise<LoginState> {
  const email = String(formData.get('email') ?? '');
  const parsed = loginSchema.safeParse({ email, password: formData.get('password') });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors, email };
  // Checked here too, so the form can say how long to wait (sign-in itself would only say "refused").
  const address = clientAddress(await headers());
  const wait = await signInWait(parsed.data.email, address);
  if (wait > 0) {
    await recordRefusedSignIn(parsed.data.email, address, 'throttled', `wait ${wait} s`);
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
    // The attempt itself was counted and logged where every sign-in goes through (lib/auth/sign-in-attempt.ts).
    if (error instanceof AuthError) {
      return {
        message:
          error.type === 'CredentialsSignin'
            ? 'Wrong email or password. Check both and try again.'
            : 'Sign-in failed. Try again in a moment.',
        email,
      };
    }
    // Anything else is Next's redirect after a successful sign-in.
    throw error;
  }
}
