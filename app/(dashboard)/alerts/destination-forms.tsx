'use client';

import { useActionState, useEffect, useId, useRef, useState, useTransition } from 'react';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import type { AlertDestinationKind } from '@/lib/db/schema-alerts';
import { addDestinationAction, changeDestinationAction, removeDestinationAction, testDestinationAction } from './destination-actions';
import { IDLE, IdButtonForm, keptOf, Outcome } from '@/app/_actions/form-parts';

const TARGET_FIELD: Record<AlertDestinationKind, { label: string; type: string; placeholder: string }> = {
  webhook: { label: 'Incoming-webhook URL', type: 'url', placeholder: 'https://hooks.slack.com/services/…' },
  email: { label: 'E-mail addresses', type: 'text', placeholder: 'oncall@example.com, ops@example.com' },
};

export function AddDestinationForm({ mailServerSet }: { mailServerSet: boolean }) {
  const [state, action, pending] = useActionState(addDestinationAction, IDLE);
  const [kind, setKind] = useState<AlertDestinationKind>('webhook');
  const [, startTransition] = useTransition();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const kept = keptOf(state);
  const field = TARGET_FIELD[kind];
  // Once added, the form starts over for the next one (the kind during render, the fields after it).
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    if (state.status === 'done') setKind('webhook');
  }
  useEffect(() => {
    if (state.status === 'done') form.current?.reset();
  }, [state]);
  return (
    <form
      ref={form}
      action={action}
      // React empties a form when its action returns, radio buttons included: a refused submit
      // must keep the kind chosen and what was typed, so the submit is dispatched by hand.
      onSubmit={(event) => {
        event.preventDefault();
        const formData = new FormData(event.currentTarget);
        startTransition(() => action(formData));
      }}
      className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      data-testid="add-destination"
    >
      <fieldset className="sm:col-span-3">
        <legend className="text-sm font-medium">Send alerts to</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="webhook" checked={kind === 'webhook'} onChange={() => setKind('webhook')} />A webhook URL
            (Slack, Teams, JSON)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="email" checked={kind === 'email'} onChange={() => setKind('email')} />
            E-mail
          </label>
        </div>
        {kind === 'email' && !mailServerSet && (
          <p className="mt-1 text-sm text-amber-800">Set the mail server (SMTP) below first: e-mail alerts go through it.</p>
        )}
      </fieldset>
      <TextField
        key={`name:${kept.name}`}
        id={`${id}-name`}
        name="name"
        label="Name"
        required
        maxLength={100}
        placeholder="On-call channel"
        defaultValue={kept.name}
      />
      <TextField
        key={`${kind}:${kept.target}`}
        defaultValue={kept.kind === kind ? kept.target : undefined}
        id={`${id}-target`}
        name="target"
        label={field.label}
        required
        type={field.type}
        maxLength={2000}
        placeholder={field.placeholder}
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

/** Test, change (name; a new URL or addresses, never showing the stored ones) and remove one destination. */
export function DestinationControls({ id, name, kind }: { id: number; name: string; kind: AlertDestinationKind }) {
  const [testState, testAction, testPending] = useActionState(testDestinationAction, IDLE);
  const [changeState, changeAction, changePending] = useActionState(changeDestinationAction, IDLE);
  const [removeState, removeAction, removePending] = useActionState(removeDestinationAction, IDLE);
  const fieldId = useId();
  const field = TARGET_FIELD[kind];
  const kept = keptOf(changeState);
  const shown = [testState, changeState, removeState].find((s) => s.status !== 'idle') ?? IDLE;
  return (
    <div>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <IdButtonForm
          action={testAction}
          id={id}
          pending={testPending}
          label="Send a test"
          pendingLabel="Sending…"
          ariaLabel={`Send a test alert to ${name}`}
        />
        <details className="text-sm">
          <summary
            className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100"
            aria-label={`Change ${name}`}
          >
            Change
          </summary>
          <form action={changeAction} className="mt-2 grid gap-2" data-testid="change-destination">
            <input type="hidden" name="id" value={id} />
            <TextField
              key={`name:${kept.name}`}
              id={`${fieldId}-name`}
              name="name"
              label="Name"
              required
              maxLength={100}
              defaultValue={kept.name ?? name}
            />
            <TextField
              key={`target:${kept.target}`}
              defaultValue={kept.target}
              id={`${fieldId}-target`}
              name="target"
              label={`New ${field.label.toLowerCase()} (blank keeps the current one)`}
              type={field.type}
              maxLength={2000}
              placeholder={field.placeholder}
            />
            <SubmitButton pending={changePending} pendingLabel="Saving…">
              Save
            </SubmitButton>
          </form>
        </details>
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
      <Outcome state={shown} />
    </div>
  );
}
