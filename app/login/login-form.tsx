'use client';

import { useActionState } from 'react';
import { logIn, type LoginState } from './actions';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, pending] = useActionState<LoginState, FormData>(logIn, {});
  return (
    <form action={formAction} className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <label htmlFor="email" className="block text-sm font-medium">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
          aria-invalid={Boolean(state.fieldErrors?.email)}
          aria-describedby={state.fieldErrors?.email ? 'email-error' : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {state.fieldErrors?.email && <p id="email-error" className="mt-1 text-sm text-red-700">{state.fieldErrors.email[0]}</p>}
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={Boolean(state.fieldErrors?.password)}
          aria-describedby={state.fieldErrors?.password ? 'password-error' : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {state.fieldErrors?.password && <p id="password-error" className="mt-1 text-sm text-red-700">{state.fieldErrors.password[0]}</p>}
      </div>
      {state.message && (
        <p role="alert" data-testid="login-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{state.message}</p>
      )}
      <button type="submit" disabled={pending} className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
