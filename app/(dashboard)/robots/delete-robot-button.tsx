'use client';

import { useActionState, useId, useRef } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { deleteRobotAction, type DeleteRobotState } from './actions';
import { SubmitButton } from '@/components/ui/submit-button';

export function DeleteRobotButton({
  robotId,
  robotName,
  allowed,
  page,
}: {
  robotId: string;
  robotName: string;
  allowed: boolean;
  page: number;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, formAction, pending] = useActionState<DeleteRobotState, FormData>(deleteRobotAction, { status: 'idle' });

  if (!allowed) {
    return (
      <button
        type="button"
        disabled
        aria-describedby="viewer-note"
        className="cursor-not-allowed rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400"
        title="Only admins can delete robots"
      >
        Delete
      </button>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => dialogRef.current?.showModal()}
        className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        aria-label={`Delete ${robotName}`}
      >
        Delete
      </button>
      <dialog ref={dialogRef} aria-labelledby={titleId} className="m-auto w-full max-w-md rounded-xl p-6 shadow-xl">
        <h2 id={titleId} className="text-lg font-semibold">
          Delete robot “{robotName}”?
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Its channels are disconnected at once and their capacity is freed. Conversations are kept under the retention policy. This cannot
          be undone.
        </p>
        {state.status === 'error' && <ApiErrorNotice className="mt-4" error={state.error} />}
        <form action={formAction} className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="robotId" value={robotId} />
          <input type="hidden" name="robotName" value={robotName} />
          <input type="hidden" name="page" value={page} />
          <button
            type="button"
            autoFocus
            onClick={() => dialogRef.current?.close()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100"
          >
            Cancel
          </button>
          <SubmitButton pending={pending} pendingLabel="Deleting…" tone="danger">
            Delete robot
          </SubmitButton>
        </form>
      </dialog>
    </>
  );
}
