'use server';

import { z } from 'zod';
import { defineAction, errorState } from '@/app/_actions/define-action';
import type { DisplayError } from '@/app/_errors/display-error';
import { keepCurrentSession } from '@/lib/auth/keep-current-session';
import { changeOwnPassword } from '@/lib/team/people';
import { passwordRefusal } from '@/app/_errors/team-refusals';

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
export const changePasswordAction = defineAction(
  {
    permission: 'view',
    schema: passwordSchema,
    input: (_prev: PasswordState, formData: FormData) => ({
      currentPassword: formData.get('currentPassword'),
      newPassword: formData.get('newPassword'),
      confirm: formData.get('confirm'),
    }),
    refused: errorState,
    invalid: (error): PasswordState => {
      const errors = z.flattenError(error).fieldErrors as Partial<Record<string, string[]>>;
      return {
        status: 'invalid',
        fieldErrors: { currentPassword: errors.currentPassword?.[0], newPassword: errors.newPassword?.[0], confirm: errors.confirm?.[0] },
      };
    },
  },
  async ({ user, data }): Promise<PasswordState> => {
    const outcome = await changeOwnPassword(user.email, data.currentPassword, data.newPassword);
    if (!outcome.ok) return { status: 'invalid', fieldErrors: { currentPassword: passwordRefusal(outcome) } };
    // Every other session of this person has ended; this one goes on.
    await keepCurrentSession(outcome.sessionsValidAfter);
    return { status: 'saved' };
  },
);
