'use server';

import { revalidatePath } from 'next/cache';
import { defineAction, errorState, NO_INPUT } from '@/app/_actions/define-action';
import { toDisplayError, type DisplayError } from '@/app/_errors/display-error';
import { sendTestEvent } from '@/lib/deliveries/deliveries';

export type TestEventState =
  { status: 'idle' } | { status: 'queued'; deliveryId: string; requestId?: string } | { status: 'error'; error: DisplayError };

export const sendTestEventAction = defineAction(
  {
    permission: 'change',
    audit: () => ({ action: 'webhook.test_event', target: 'webhook:endpoint' }),
    ...NO_INPUT,
    refused: errorState,
    failed: (err) =>
      errorState(
        toDisplayError(err, {
          webhook_not_configured: () => ({
            title: 'No webhook URL is configured',
            message:
              'The webhook URL is set in the service’s account panel, not here. Set it there (and the auth token), then send the test again.',
          }),
        }),
      ),
  },
  async ({ audited }): Promise<TestEventState> => {
    const { data, requestId } = await audited(sendTestEvent, {
      describe: (r) => (r.data.delivery_id ? `delivery ${r.data.delivery_id}` : null),
    });
    if (!data.delivery_id)
      return errorState({
        title: 'No delivery id came back',
        message: 'The service queued the test but did not say which delivery it is. Look for it in the list below.',
        requestId,
      });
    // The deliveries list below the panel should show the new delivery too.
    revalidatePath('/webhooks');
    return { status: 'queued', deliveryId: data.delivery_id, requestId };
  },
);
