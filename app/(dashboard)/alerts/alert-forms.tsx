'use client';

import { useActionState, useId, type ReactNode } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  acknowledgeIncidentAction,
  addDestinationAction,
  addMuteAction,
  endMuteAction,
  removeDestinationAction,
  testDestinationAction,
  type AlertFormState,
} from './actions';

const IDLE: AlertFormState = { status: 'idle' };

function Outcome({ state }: { state: AlertFormState }) {
  return (
    <div aria-live="polite">
      {state.status === 'error' && <ApiErrorNotice className="mt-2" error={state.error} />}
      {state.status === 'done' && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {state.message}
        </p>
      )}
    </div>
  );
}

/** A form of one small button that acts on the row `id`; `children` (its outcome) follow the button. */
function IdButtonForm({
  action,
  id,
  pending,
  label,
  pendingLabel,
  ariaLabel,
  children,
}: {
  action: (formData: FormData) => void;
  id: number;
  pending: boolean;
  label: string;
  pendingLabel: string;
  ariaLabel: string;
  children?: ReactNode;
}) {
  return (
    <form action={action}>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={ariaLabel}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
      >
        {pending ? pendingLabel : label}
      </button>
      {children}
    </form>
  );
}

export function AddDestinationForm() {
  const [state, action, pending] = useActionState(addDestinationAction, IDLE);
  const id = useId();
  return (
    <form action={action} className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end" data-testid="add-destination">
      <TextField id={`${id}-name`} name="name" label="Name" required maxLength={100} placeholder="On-call channel" />
      <TextField
        id={`${id}-url`}
        name="url"
        label="Incoming-webhook URL"
        required
        type="url"
        placeholder="https://hooks.slack.com/services/…"
      />
      <SubmitButton pending={pending} pendingLabel="Adding…">
        Add
      </SubmitButton>
      <div className="sm:col-span-3">
        <Outcome state={state} />
      </div>
    </form>
  );
}

export function DestinationControls({ id, name }: { id: number; name: string }) {
  const [testState, testAction, testPending] = useActionState(testDestinationAction, IDLE);
  const [removeState, removeAction, removePending] = useActionState(removeDestinationAction, IDLE);
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <IdButtonForm
          action={testAction}
          id={id}
          pending={testPending}
          label="Send a test"
          pendingLabel="Sending…"
          ariaLabel={`Send a test alert to ${name}`}
        />
        <ConfirmAction
          triggerLabel="Remove"
          triggerAriaLabel={`Remove ${name}`}
          title={`Remove ${name}?`}
          action={removeAction}
          fields={{ id }}
          confirmLabel="Remove"
          pendingLabel="Removing…"
          pending={removePending}
          closeOnSubmit
        >
          Alerts stop going there at once, including any still queued for it.
        </ConfirmAction>
      </div>
      <Outcome state={testState.status !== 'idle' ? testState : removeState} />
    </div>
  );
}

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
  return (
    <form action={action} className="mt-4 grid gap-3 sm:grid-cols-[1fr_8rem_2fr_auto] sm:items-end" data-testid="add-mute">
      <TextField id={`${id}-robot`} name="robotId" label="Robot id (empty: the whole account)" maxLength={200} placeholder="rb_…" />
      <TextField
        id={`${id}-hours`}
        name="hours"
        label="For hours"
        type="number"
        min={0.25}
        max={336}
        step={0.25}
        defaultValue={2}
        required
      />
      <TextField id={`${id}-reason`} name="reason" label="Why" required maxLength={200} placeholder="Planned maintenance" />
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
