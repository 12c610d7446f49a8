'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { changePasswordAction, type PasswordState } from './actions';

export function PasswordForm() {
  const [state, formAction, pending] = useActionState<PasswordState, FormData>(changePasswordAction, { status: 'idle' });
  const errors = state.status === 'invalid' ? state.fieldErrors : {};
  return (
    <Card as="form" action={formAction} className="max-w-sm space-y-4">
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        label="Current password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
        className="w-full"
      />
      <TextField
        id="new-password"
        name="newPassword"
        type="password"
        label="New password (at least 12 characters)"
        autoComplete="new-password"
        required
        error={errors.newPassword}
        className="w-full"
      />
      <TextField
        id="confirm-password"
        name="confirm"
        type="password"
        label="The new password again"
        autoComplete="new-password"
        required
        error={errors.confirm}
        className="w-full"
      />
      {state.status === 'error' && <ApiErrorNotice error={state.error} />}
      {state.status === 'saved' && (
        <p role="status" className="text-sm text-green-800">
          Password changed. Your other sessions have ended; this one goes on. Use the new password next time you sign in.
        </p>
      )}
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Change password
      </SubmitButton>
    </Card>
  );
}
