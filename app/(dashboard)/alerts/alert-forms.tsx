'use client';

import { useActionState, useId } from 'react';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { acknowledgeIncidentAction, addMuteAction, endMuteAction } from './actions';
import { IDLE, IdButtonForm, keptOf, Outcome } from '@/app/_actions/form-parts';

export function AcknowledgeButton({ id, title }: { id: number; title: string }) {
  const [state, action, pending] = useActionState(acknowledgeIncidentAction, IDLE);
  return (
    <IdButtonForm
      action={action}
      id={id}
      pending={pending}
      label="Acknowledge"
      pendingLabel="Acknowledging…"
      ariaLabel={`Acknowledge: ${title}`}
    >
      <Outcome state={state} />
    </IdButtonForm>
  );
}

export function AddMuteForm() {
  const [state, action, pending] = useActionState(addMuteAction, IDLE);
  const id = useId();
  const kept = keptOf(state);
  return (
    <form action={action} className="mt-4 grid gap-3 sm:grid-cols-[1fr_8rem_2fr_auto] sm:items-end" data-testid="add-mute">
      <TextField
        key={`robot:${kept.robotId}`}
        defaultValue={kept.robotId}
        id={`${id}-robot`}
        name="robotId"
        label="Robot id (empty: the whole account)"
        maxLength={200}
        placeholder="rb_…"
      />
      <TextField
        id={`${id}-hours`}
        name="hours"
        label="For hours"
        type="number"
        min={0.25}
        max={336}
        step={0.25}
        key={`hours:${kept.hours}`}
        defaultValue={kept.hours ?? 2}
        required
      />
      <TextField
        key={`reason:${kept.reason}`}
        defaultValue={kept.reason}
        id={`${id}-reason`}
        name="reason"
        label="Why"
        required
        maxLength={200}
        placeholder="Planned maintenance"
      />
      <SubmitButton pending={pending} pendingLabel="Muting…">
        Mute
      </SubmitButton>
      <div className="sm:col-span-4">
        <Outcome state={state} />
      </div>
    </form>
  );
}

export function EndMuteButton({ id, what }: { id: number; what: string }) {
  const [state, action, pending] = useActionState(endMuteAction, IDLE);
  return (
    <IdButtonForm action={action} id={id} pending={pending} label="End now" pendingLabel="Ending…" ariaLabel={`End the mute of ${what}`}>
      <Outcome state={state} />
    </IdButtonForm>
  );
}
