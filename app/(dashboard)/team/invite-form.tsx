'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { Card, CardHeader } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { inviteAction, type LinkState } from './actions';
import { IssuedLink } from './issued-link';

export function InviteForm() {
  const [state, formAction, pending] = useActionState<LinkState, FormData>(inviteAction, { status: 'idle' });
  const errors = state.status === 'invalid' ? state.fieldErrors : {};
  return (
    <Card as="section" aria-labelledby="invite-heading">
      <CardHeader
        id="invite-heading"
        title="Invite a person"
        description="They get a one-time link, valid 72 hours, to choose their name and password. A viewer sees everything and changes nothing; an admin changes robots, channels, settings and the team."
      />
      <form action={formAction} className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          id="invite-email"
          name="email"
          type="email"
          label="Email"
          required
          autoComplete="off"
          defaultValue={state.status === 'invalid' ? state.email : ''}
          error={errors.email}
          className="w-full max-w-72"
        />
        <div>
          <label htmlFor="invite-role" className="block text-sm font-medium">
            Role
          </label>
          <select
            id="invite-role"
            name="role"
            defaultValue="viewer"
            aria-invalid={Boolean(errors.role)}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="viewer">Viewer</option>
            <option value="admin">Admin</option>
          </select>
          {errors.role && <p className="mt-1 text-sm text-red-700">{errors.role}</p>}
        </div>
        <SubmitButton pending={pending} pendingLabel="Making the link…">
          Make invitation link
        </SubmitButton>
      </form>
      {state.status === 'error' && <ApiErrorNotice className="mt-4" error={state.error} />}
      {state.status === 'issued' && <IssuedLink {...state} />}
    </Card>
  );
}
