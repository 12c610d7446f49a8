'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { deleteRobotAction, type DeleteRobotState } from './actions';
import { ConfirmAction } from '@/components/ui/confirm-action';

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
    <ConfirmAction
      triggerLabel="Delete"
      triggerAriaLabel={`Delete ${robotName}`}
      title={<>Delete robot “{robotName}”?</>}
      action={formAction}
      fields={{ robotId, page }}
      confirmLabel="Delete robot"
      pendingLabel="Deleting…"
      pending={pending}
      notice={state.status === 'error' && <ApiErrorNotice className="mt-4" error={state.error} />}
    >
      Its channels are disconnected at once and their capacity is freed. Conversations are kept under the retention policy. This cannot be
      undone.
    </ConfirmAction>
  );
}
