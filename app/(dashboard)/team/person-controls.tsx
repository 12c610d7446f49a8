'use client';

import { useActionState, useId } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { SubmitButton } from '@/components/ui/submit-button';
import type { UserRole } from '@/lib/db/schema';
import { changeRoleAction, resetLinkAction, setDisabledAction, type LinkState, type TeamState } from './actions';
import { IssuedLink } from './issued-link';

function Outcome({ state }: { state: TeamState }) {
  if (state.status === 'error') return <ApiErrorNotice className="mt-2" error={state.error} />;
  if (state.status === 'done')
    return (
      <p role="status" className="mt-2 text-sm text-green-800">
        {state.message}
      </p>
    );
  return null;
}

/** Role, disable or re-enable (after confirming), and a password reset link, for one person. */
export function PersonControls({ email, name, role, disabled }: { email: string; name: string; role: UserRole; disabled: boolean }) {
  const [roleState, roleAction, rolePending] = useActionState<TeamState, FormData>(changeRoleAction, { status: 'idle' });
  const [disableState, disableAction, disablePending] = useActionState<TeamState, FormData>(setDisabledAction, { status: 'idle' });
  const [resetState, resetAction, resetPending] = useActionState<LinkState, FormData>(resetLinkAction, { status: 'idle' });
  const roleId = useId();
  return (
    <div>
      <div className="flex flex-wrap items-end gap-2">
        <form action={roleAction} className="flex items-end gap-2">
          <input type="hidden" name="email" value={email} />
          <label htmlFor={roleId} className="sr-only">
            Role of {name}
          </label>
          <select id={roleId} name="role" defaultValue={role} className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
            <option value="viewer">Viewer</option>
            <option value="admin">Admin</option>
          </select>
          <SubmitButton pending={rolePending} pendingLabel="Saving…">
            Save role
          </SubmitButton>
        </form>
        {disabled ? (
          <form action={disableAction}>
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="disable" value="false" />
            <SubmitButton pending={disablePending} pendingLabel="Enabling…">
              Re-enable
            </SubmitButton>
          </form>
        ) : (
          <ConfirmAction
            triggerLabel="Disable"
            triggerAriaLabel={`Disable ${name}`}
            title={`Disable ${name}?`}
            action={disableAction}
            fields={{ email, disable: 'true' }}
            confirmLabel={`Disable ${name}`}
            pendingLabel="Disabling…"
            pending={disablePending}
            closeOnSubmit
          >
            {email} is signed out everywhere at once and cannot sign in until re-enabled. Nothing they did is undone.
          </ConfirmAction>
        )}
        <form action={resetAction}>
          <input type="hidden" name="email" value={email} />
          <button
            type="submit"
            disabled={resetPending}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-60"
            aria-label={`Reset password for ${name}`}
          >
            {resetPending ? 'Making…' : 'Reset password'}
          </button>
        </form>
      </div>
      <Outcome state={roleState} />
      <Outcome state={disableState} />
      {resetState.status === 'error' && <ApiErrorNotice className="mt-2" error={resetState.error} />}
      {resetState.status === 'issued' && <IssuedLink {...resetState} />}
    </div>
  );
}
