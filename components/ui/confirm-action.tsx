'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SubmitButton } from './submit-button';

/**
 * A destructive action behind a confirmation: the button opens a modal dialog that names what
 * happens, with Cancel focused, and only its own button submits. `closeOnSubmit` for actions whose
 * outcome shows beside the button; otherwise the dialog stays open to show `notice` (an error).
 * The dialog's contents are made the first time it opens, not with the page: a list of ten robots
 * carried ten hidden forms (about 1.5 KiB each) that the server wrote and the browser hydrated for
 * nothing. Once made they stay, so a submission in flight keeps its form.
 */
export function ConfirmAction({
  triggerLabel,
  triggerAriaLabel,
  title,
  children,
  action,
  fields,
  confirmLabel,
  pendingLabel,
  pending,
  notice,
  closeOnSubmit = false,
}: {
  triggerLabel: string;
  triggerAriaLabel: string;
  title: ReactNode;
  children: ReactNode;
  action: (formData: FormData) => void;
  fields: Record<string, string | number>;
  confirmLabel: ReactNode;
  pendingLabel: string;
  pending: boolean;
  notice?: ReactNode;
  closeOnSubmit?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asked, setAsked] = useState(0);
  const close = () => dialogRef.current?.close();
  // Opened once its contents exist, so the browser focuses Cancel (autoFocus) as the dialog shows.
  useEffect(() => {
    if (asked > 0 && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [asked]);
  return (
    <>
      <button
        type="button"
        onClick={() => setAsked((n) => n + 1)}
        className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={triggerAriaLabel}
      >
        {triggerLabel}
      </button>
      <dialog ref={dialogRef} aria-labelledby={asked > 0 ? titleId : undefined} className="m-auto w-full max-w-md rounded-xl p-6 shadow-xl">
        {asked > 0 && (
          <>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{children}</p>
            {notice}
            <form action={action} onSubmit={closeOnSubmit ? close : undefined} className="mt-6 flex justify-end gap-3">
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button
                type="button"
                autoFocus
                onClick={close}
                className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
              >
                Cancel
              </button>
              <SubmitButton pending={pending} pendingLabel={pendingLabel} tone="danger">
                {confirmLabel}
              </SubmitButton>
            </form>
          </>
        )}
      </dialog>
    </>
  );
}
