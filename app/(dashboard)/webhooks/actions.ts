'use server';

import { revalidatePath } from 'next/cache';
import { audited } from '@/lib/audit/record';
import { authorise } from '@/lib/auth/session';
import { sendTestEvent } from '@/lib/webhooks/deliveries';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';

export type TestEventState =
  { status: 'idle' } | { status: 'queued'; deliveryId: string; requestId?: string } | { status: 'error'; error: DisplayError };

export async function sendTestEventAction(): Promise<TestEventState> {
  const access = await authorise('change', 'webhook.test_event', 'webhook:endpoint');
  if (!access.ok) return { status: 'error', error: access.error };
  try {
    const { data, requestId } = await audited(
      {
        actor: access.user.email,
        action: 'webhook.test_event',
        target: 'webhook:endpoint',
        describe: (r) => (r.data.delivery_id ? `delivery ${r.data.delivery_id}` : null),
      },
      sendTestEvent,
    );
    if (!data.delivery_id)
      return {
        status: 'error',
        error: {
          title: 'No delivery id came back',
          message: 'The service queued the test but did not say which delivery it is. Look for it in the list below.',
          requestId,
        },
      };
    // The deliveries list below the panel should show the new delivery too.
    revalidatePath('/webhooks');
    return { status: 'queued', deliveryId: data.delivery_id, requestId };
  } catch (err) {
    return {
      status: 'error',
      error: toDisplayError(err, {
        webhook_not_configured: () => ({
          title: 'No webhook URL is configured',
          message:
            'The webhook URL is set in the service’s account panel, not here. Set it there (and the auth token), then send the test again.',
        }),
      }),
    };
  }
}
