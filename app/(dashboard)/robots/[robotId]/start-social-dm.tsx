'use client';

import { useActionState } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { startSocialDmAction, type SocialDmState } from './actions';

export function StartSocialDm({ robotId }: { robotId: string }) {
  const [state, action, pending] = useActionState<SocialDmState, FormData>(startSocialDmAction, { status: 'idle' });
  return (
    <form action={action} className="mt-3 space-y-3">
      <input type="hidden" name="robotId" value={robotId} />
      <p className="text-sm text-slate-600">
        You will be taken to the social platform, where the page owner approves access. They can also finish it later from the link shown
        here; it stays valid for a limited time.
      </p>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? 'Starting…' : state.status === 'error' && state.canRestart ? 'Start again' : 'Connect Social DM'}
      </button>
      <div aria-live="polite">{state.status === 'error' && <ApiErrorNotice error={state.error} />}</div>
    </form>
  );
}
