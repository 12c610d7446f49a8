'use client';

import type { ReactNode } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import type { FormState } from './form-state';

export const IDLE: FormState = { status: 'idle' };

/**
 * What the last refused submit held, to show again: React empties a form once its action returns,
 * and a refusal must not cost what was typed.
 */
export const keptOf = (state: FormState): Record<string, string> => (state.status === 'error' && state.kept ? state.kept : {});

export function Outcome({ state }: { state: FormState }) {
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
export function IdButtonForm({
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
