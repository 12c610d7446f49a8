'use client';

import { useActionState, useId } from 'react';
import { IDLE, keptOf, Outcome } from '@/app/_actions/form-parts';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { removeThresholdAction, setThresholdAction } from './threshold-actions';

export function SetThresholdForm() {
  const [state, action, pending] = useActionState(setThresholdAction, IDLE);
  const id = useId();
  const kept = keptOf(state);
  return (
    <form action={action} className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr_10rem_auto] sm:items-end" data-testid="set-threshold">
      <div>
        <label htmlFor={`${id}-scope`} className="block text-sm font-medium">
          For
        </label>
        <select
          key={`scope:${kept.scope}`}
          id={`${id}-scope`}
          name="scope"
          defaultValue={kept.scope ?? 'account'}
          className="mt-1 w-full max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="account">The account</option>
          <option value="robot">A robot</option>
          <option value="customer">A customer</option>
        </select>
      </div>
      <TextField
        key={`scopeId:${kept.scopeId}`}
        id={`${id}-scope-id`}
        name="scopeId"
        label="Robot id or customer external id"
        maxLength={200}
        defaultValue={kept.scopeId}
        placeholder="rb_… or cust-42 (empty for the account)"
      />
      <TextField
        key={`units:${kept.monthlyUnits}`}
        id={`${id}-units`}
        name="monthlyUnits"
        label="Units a month"
        type="number"
        min={1}
        required
        defaultValue={kept.monthlyUnits}
      />
      <SubmitButton pending={pending} pendingLabel="Setting…">
        Set
      </SubmitButton>
      <div className="sm:col-span-4">
        <Outcome state={state} />
      </div>
    </form>
  );
}

export function RemoveThresholdButton({ id, what }: { id: number; what: string }) {
  const [state, action, pending] = useActionState(removeThresholdAction, IDLE);
  return (
    <div>
      <ConfirmAction
        triggerLabel="Remove"
        triggerAriaLabel={`Remove the threshold of ${what}`}
        title={`Remove the threshold of ${what}?`}
        action={action}
        fields={{ id }}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={pending}
        closeOnSubmit
      >
        Nothing marks {what} as over or forecast to pass any more.
      </ConfirmAction>
      <Outcome state={state} />
    </div>
  );
}
