'use client';

import { useActionState, useId, useRef } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
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
          <button
            type="button"
            onClick={() => dialogRef.current?.showModal()}
            className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            aria-label={`Disable ${name}`}
          >
            Disable
          </button>
        )}
        <form action={resetAction}>
          <input type="hidden" name="email" value={email} />
          <button
            type="submit"
            disabled={resetPending}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-60"
            aria-label={`Make a password reset link for ${name}`}
          >
            {resetPending ? 'Making…' : 'Reset password'}
          </button>
        </form>
      </div>
      <Outcome state={roleState} />
      <Outcome state={disableState} />
      {resetState.status === 'error' && <ApiErrorNotice className="mt-2" error={resetState.error} />}
      {resetState.status === 'issued' && <IssuedLink {...resetState} />}
      <dialog ref={dialogRef} aria-labelledby={titleId} className="m-auto w-full max-w-md rounded-xl p-6 shadow-xl">
        <h2 id={titleId} className="text-lg font-semibold">
          Disable {name}?
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          {email} is signed out everywhere at once and cannot sign in until re-enabled. Nothing they did is undone.
        </p>
        <form action={disableAction} onSubmit={() => dialogRef.current?.close()} className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="disable" value="true" />
          <button
            type="button"
            autoFocus
            onClick={() => dialogRef.current?.close()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
          >
            Cancel
          </button>
          <SubmitButton pending={disablePending} pendingLabel="Disabling…" tone="danger">
            Disable {name}
          </SubmitButton>
        </form>
      </dialog>
    </div>
  );
}
