'use client';

import { useActionState, useId } from 'react';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { TextField } from '@/components/ui/form-fields';
import { SubmitButton } from '@/components/ui/submit-button';
import { SMTP_SECURITY_WORDS, type SmtpShown } from '@/lib/alerts/smtp-words';
import { IDLE, keptOf, Outcome } from '@/app/_actions/form-parts';
import { removeSmtpAction, saveSmtpAction } from './smtp-actions';

/** The mail server e-mail alerts go through; the password is never shown, and blank keeps it. */
export function SmtpForm({ current }: { current: SmtpShown | null }) {
  const [saveState, saveAction, savePending] = useActionState(saveSmtpAction, IDLE);
  const [removeState, removeAction, removePending] = useActionState(removeSmtpAction, IDLE);
  const id = useId();
  const kept = keptOf(saveState);
  const value = (name: 'host' | 'port' | 'security' | 'user' | 'from', saved: string | number | null | undefined, fallback = '') =>
    kept[name] ?? (saved === null || saved === undefined ? fallback : String(saved));
  return (
    <div data-testid="smtp-settings">
      <form action={saveAction} className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          key={`host:${kept.host}`}
          id={`${id}-host`}
          name="host"
          label="Host"
          required
          maxLength={253}
          defaultValue={value('host', current?.host)}
          placeholder="smtp.example.com"
        />
        <TextField
          key={`port:${kept.port}`}
          id={`${id}-port`}
          name="port"
          label="Port"
          required
          type="number"
          min={1}
          max={65535}
          defaultValue={value('port', current?.port, '587')}
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-security`} className="block text-sm font-medium">
            Connection
          </label>
          <select
            key={`security:${kept.security}`}
            id={`${id}-security`}
            name="security"
            defaultValue={value('security', current?.security, 'starttls')}
            className="mt-1 w-full max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            {Object.entries(SMTP_SECURITY_WORDS).map(([security, label]) => (
              <option key={security} value={security}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          key={`user:${kept.user}`}
          id={`${id}-user`}
          name="user"
          label="User name (blank: no sign-in)"
          maxLength={320}
          defaultValue={value('user', current?.user)}
          autoComplete="off"
        />
        <TextField
          id={`${id}-password`}
          name="password"
          label={current?.hasPassword ? 'Password (blank keeps the saved one)' : 'Password'}
          type="password"
          maxLength={1000}
          autoComplete="new-password"
        />
        <TextField
          key={`from:${kept.from}`}
          id={`${id}-from`}
          name="from"
          label="Sender address"
          required
          type="email"
          maxLength={320}
          defaultValue={value('from', current?.from)}
          placeholder="alerts@example.com"
        />
        <div className="flex items-end gap-2">
          <SubmitButton pending={savePending} pendingLabel="Saving…">
            Save mail server
          </SubmitButton>
        </div>
      </form>
      {current && (
        <div className="mt-3">
          <ConfirmAction
            triggerLabel="Remove mail server"
            triggerAriaLabel="Remove mail server for alerts"
            title="Remove the mail server?"
            action={removeAction}
            fields={{ host: current.host }}
            confirmLabel="Remove"
            pendingLabel="Removing…"
            pending={removePending}
            closeOnSubmit
          >
            E-mail destinations get no alerts until a mail server is set again; queued e-mails are retried and then fail.
          </ConfirmAction>
        </div>
      )}
      <Outcome state={saveState.status !== 'idle' ? saveState : removeState} />
    </div>
  );
}
