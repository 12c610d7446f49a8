'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { revokeLinkAction, type TeamState } from './actions';

export function RevokeLinkButton({ id, email }: { id: number; email: string }) {
  const [state, formAction, pending] = useActionState<TeamState, FormData>(revokeLinkAction, { status: 'idle' });
  return (
    <form action={formAction}>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`Revoke the link for ${email}`}
        className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-60"
      >
        {pending ? 'Revoking…' : 'Revoke'}
      </button>
      {state.status === 'error' && <ApiErrorNotice className="mt-2" error={state.error} />}
    </form>
  );
}
