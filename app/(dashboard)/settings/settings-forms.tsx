'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { checkConnectionAction, saveApiKeyAction, type CheckState, type KeyFormState } from './actions';
import { SubmitButton } from '@/components/ui/submit-button';

export function ConnectionCheck() {
  const [state, action, pending] = useActionState<CheckState>(checkConnectionAction, { status: 'idle' });
  return (
    <form action={action} className="mt-5">
      <SubmitButton pending={pending} pendingLabel="Checking…">
        Check connection
      </SubmitButton>
      <div aria-live="polite" className="mt-3">
        {state.status === 'ok' && (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="connection-ok">
            Connected. The key works and sees {state.robots} robot{state.robots === 1 ? '' : 's'}.
            {state.requestId && (
              <>
                {' '}
                Request id <code className="font-mono">{state.requestId}</code>.
              </>
            )}
          </p>
        )}
        {state.status === 'error' && <ApiErrorNotice error={state.error} />}
      </div>
    </form>
  );
}

export function ApiKeyForm({ hasSavedKey }: { hasSavedKey: boolean }) {
  const [state, action, pending] = useActionState<KeyFormState, FormData>(saveApiKeyAction, { status: 'idle' });
  return (
    <form action={action} className="mt-4 space-y-3" noValidate>
      <div>
        <label htmlFor="apiKey" className="block text-sm font-medium">
          New API key
        </label>
        <input
          id="apiKey"
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="pk_live_…"
          aria-invalid={state.status === 'invalid'}
          aria-describedby={state.status === 'invalid' ? 'apiKey-error' : undefined}
          className="mt-1 w-full max-w-md rounded-md border border-slate-300 px-3 py-2 font-mono"
        />
        {state.status === 'invalid' && (
          <p id="apiKey-error" className="mt-1 text-sm text-red-700">
            {state.fieldError}
          </p>
        )}
      </div>
      <div className="flex gap-3">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={pending}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? 'Saving…' : 'Check and save key'}
        </button>
        {hasSavedKey && (
          <button
            type="submit"
            name="intent"
            value="forget"
            disabled={pending}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
          >
            Remove saved key (use the environment&apos;s)
          </button>
        )}
      </div>
      <div aria-live="polite">
        {state.status === 'saved' && <p className="text-sm text-emerald-800">Key saved. Every page now uses it.</p>}
        {state.status === 'removed' && (
          <p className="text-sm text-emerald-800">Saved key removed. The key from the environment is used again.</p>
        )}
        {state.status === 'error' && <ApiErrorNotice error={state.error} />}
      </div>
    </form>
  );
}
