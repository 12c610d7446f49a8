'use client';

import { useActionState } from 'react';
import { TextField } from '@/components/ui/form-fields';
import { logIn, type LoginState } from './actions';
import { SubmitButton } from '@/components/ui/submit-button';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, pending] = useActionState<LoginState, FormData>(logIn, {});
  return (
    <form action={formAction} className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <TextField
        id="email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        required
        defaultValue={state.email}
        error={state.fieldErrors?.email?.[0]}
        className="w-full"
      />
      <TextField
        id="password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={state.fieldErrors?.password?.[0]}
        className="w-full"
      />
      {state.message && (
        <p role="alert" data-testid="login-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.message}
        </p>
      )}
      <SubmitButton pending={pending} pendingLabel="Signing in…" size="large">
        Sign in
      </SubmitButton>
    </form>
  );
}
