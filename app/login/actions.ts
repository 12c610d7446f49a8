'use server';

import { AuthError } from 'next-auth';
import { z } from 'zod';
import { signIn } from '@/auth';
import { safeReturnPath } from '@/lib/auth/safe-return-path';

export type LoginState = { message?: string; fieldErrors?: { email?: string[]; password?: string[] }; email?: string };

const loginSchema = z.object({
  email: z.email('Enter the email address you sign in with.'),
  password: z.string().min(1, 'Enter your password.'),
});

export async function logIn(_prev: LoginState, formData: FormData): Promise<LoginState> {
  const email = String(formData.get('email') ?? '');
  const parsed = loginSchema.safeParse({ email, password: formData.get('password') });
  if (!parsed.success) return { fieldErrors: z.flattenError(parsed.error).fieldErrors, email };
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
      return {
        message:
          error.type === 'CredentialsSignin'
            ? 'Wrong email or password. Check both and try again.'
            : 'Sign-in failed. Try again in a moment.',
        email,
      };
    }
    throw error;
  }
}
