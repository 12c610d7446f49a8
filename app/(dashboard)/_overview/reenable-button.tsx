'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useEffect } from 'react';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ChannelOffCause } from '@/lib/db/schema';
import { reenableChannelsAction, type ReenableState } from './actions';

/** Starts the bulk re-enable of one cause's channels; what it does is said beside it. */
export function ReenableButton({ cause, label }: { cause: ChannelOffCause; label: string }) {
  const [state, action, pending] = useActionState<ReenableState, FormData>(reenableChannelsAction, { status: 'idle' });
  return (
    <form action={action} className="mt-2">
      <input type="hidden" name="cause" value={cause} />
      <SubmitButton pending={pending} pendingLabel="Starting…">
        {label}
      </SubmitButton>
      <div aria-live="polite">{state.status === 'error' && <ApiErrorNotice className="mt-2" error={state.error} />}</div>
    </form>
  );
}

/** While a run goes on, the page is drawn again every few seconds so its progress moves. */
export function RefreshWhileRunning({ everyMs = 3_000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
