'use client';

import { useActionState, useId } from 'react';
import { IDLE, keptOf, Outcome } from '@/app/_actions/form-parts';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { setRetentionAction } from './retention-actions';

const TIERS = [
  { value: '', label: 'Not held' },
  { value: 'basic', label: 'Basic' },
  { value: 'professional', label: 'Professional' },
  { value: 'business', label: 'Business' },
];

type Fields = { standard: string; socialDm: string; ownMonths: string };

function TierSelect({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        key={`${name}:${value}`}
        id={id}
        name={name}
        defaultValue={value}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      >
        {TIERS.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RetentionForm({ current }: { current: Fields }) {
  const [state, action, pending] = useActionState(setRetentionAction, IDLE);
  const id = useId();
  const kept = { ...current, ...keptOf(state) };
  return (
    <form action={action} className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end" data-testid="retention-form">
      <TierSelect id={`${id}-standard`} name="standard" label="Standard subscription" value={kept.standard ?? ''} />
      <TierSelect id={`${id}-social`} name="socialDm" label="Social-DM subscription" value={kept.socialDm ?? ''} />
      <TextField
        key={`own:${kept.ownMonths}`}
        id={`${id}-own`}
        name="ownMonths"
        label="Months to keep"
        aria-describedby={`${id}-own-hint`}
        type="number"
        min={1}
        max={120}
        defaultValue={kept.ownMonths}
        className="w-full text-sm"
      />
      <p id={`${id}-own-hint`} className="text-xs text-slate-600 sm:col-span-3">
        Blank keeps history as long as the plan does. Fewer months removes what is older at once, here only; never more than the
        plan&apos;s.
      </p>
      <div className="sm:col-span-3">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
      <div className="sm:col-span-3">
        <Outcome state={state} />
      </div>
    </form>
  );
}
