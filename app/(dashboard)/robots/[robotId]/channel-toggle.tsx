'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { toggleChannelAction, type ToggleState } from './actions';

/** Shows only the state the server confirmed: the switch moves when the page re-renders with it. */
export function ChannelToggle({
  robotId,
  channelId,
  label,
  isActive,
  allowed,
}: {
  robotId: string;
  channelId: string;
  label: string;
  isActive: boolean;
  allowed: boolean;
}) {
  const [state, action, pending] = useActionState<ToggleState, FormData>(toggleChannelAction, { status: 'idle' });
  return (
    <form action={action} className="md:min-w-48">
      <input type="hidden" name="robotId" value={robotId} />
      <input type="hidden" name="channelId" value={channelId} />
      <input type="hidden" name="isActive" value={String(!isActive)} />
      <div className="inline-flex items-center gap-2">
        <button
          type="submit"
          role="switch"
          aria-checked={isActive}
          aria-label={`${label} receives traffic`}
          aria-busy={pending}
          disabled={!allowed || pending}
          title={allowed ? undefined : 'Only admins can enable or disable channels'}
          className="group inline-flex items-center disabled:cursor-not-allowed"
        >
          <span
            className={`relative inline-block h-6 w-11 rounded-full transition ${isActive ? 'bg-emerald-600' : 'bg-slate-300'} ${!allowed ? 'opacity-50' : ''}`}
          >
            <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${isActive ? 'left-5' : 'left-0.5'}`} />
          </span>
        </button>
        {/* Beside the switch, not in it: its state is spoken from aria-checked, and a word inside would
            have to be part of its spoken name. */}
        <span className="text-sm" aria-hidden="true">
          {pending ? (isActive ? 'Disabling…' : 'Enabling…') : isActive ? 'On' : 'Off'}
        </span>
      </div>
      <div aria-live="polite">{state.status === 'error' && <ApiErrorNotice className="mt-2" error={state.error} />}</div>
    </form>
  );
}
