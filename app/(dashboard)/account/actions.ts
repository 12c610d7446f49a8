'use server';

import { z } from 'zod';
import { keepCurrentSession } from '@/lib/auth/keep-current-session';
import { authorise } from '@/lib/auth/session';
import { changeOwnPassword } from '@/lib/team/people';
import type { DisplayError } from '@/lib/ui/display-error';

export type PasswordState =
  | { status: 'idle' }
  | { status: 'invalid'; fieldErrors: { currentPassword?: string; newPassword?: string; confirm?: string } }
  | { status: 'error'; error: DisplayError }
  | { status: 'saved' };

const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: z.string().min(12, 'Use at least 12 characters.').max(200),
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The two new passwords differ. Type the same one twice.' });

/** Everyone may change their own password (viewers too): it changes nothing at the service. */
export async function changePasswordAction(_prev: PasswordState, formData: FormData): Promise<PasswordState> {
  const access = await authorise('view');
  if (!access.ok) return { status: 'error', error: access.error };
  const parsed = passwordSchema.safeParse({
    currentPassword: formData.get('currentPassword'),
    newPassword: formData.get('newPassword'),
    confirm: formData.get('confirm'),
  });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return {
      status: 'invalid',
      fieldErrors: { currentPassword: errors.currentPassword?.[0], newPassword: errors.newPassword?.[0], confirm: errors.confirm?.[0] },
    };
  }
  const outcome = await changeOwnPassword(access.user.email, parsed.data.currentPassword, parsed.data.newPassword);
  if (!outcome.ok) return { status: 'invalid', fieldErrors: { currentPassword: outcome.message } };
  // Every other session of this person has ended; this one goes on.
  await keepCurrentSession(outcome.sessionsValidAfter);
  return { status: 'saved' };
}
