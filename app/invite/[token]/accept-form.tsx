'use client';

import { useActionState } from 'react';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { acceptLinkAction, type AcceptState } from './actions';

export function AcceptForm({ token, kind }: { token: string; kind: 'invite' | 'reset' }) {
  const [state, formAction, pending] = useActionState<AcceptState, FormData>(acceptLinkAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="mt-6 space-y-4">
      <input type="hidden" name="token" value={token} />
      {kind === 'invite' && (
        <TextField
          id="accept-name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          defaultValue={state.name}
          error={errors.name}
          className="w-full"
        />
      )}
      <TextField
        id="accept-password"
        name="password"
        type="password"
        label={kind === 'invite' ? 'Password (at least 12 characters)' : 'New password (at least 12 characters)'}
        autoComplete="new-password"
        required
        error={errors.password}
        className="w-full"
      />
      <TextField
        id="accept-confirm"
        name="confirm"
        type="password"
        label="The same password again"
        autoComplete="new-password"
        required
        error={errors.confirm}
        className="w-full"
      />
      {state.message && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <SubmitButton pending={pending} pendingLabel="Saving…" size="large">
        {kind === 'invite' ? 'Join the dashboard' : 'Set the new password'}
      </SubmitButton>
    </form>
  );
}
