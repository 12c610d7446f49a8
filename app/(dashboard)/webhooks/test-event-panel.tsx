'use client';

import { useActionState } from 'react';
import Link from 'next/link';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { Card, CardTitle } from '@/components/ui/card';
import { DeliveryDetail } from './delivery-detail';
import { sendTestEventAction, type TestEventState } from './actions';
import { SubmitButton } from '@/components/ui/submit-button';

export function TestEventPanel({ allowed }: { allowed: boolean }) {
  const [state, action, pending] = useActionState<TestEventState>(sendTestEventAction, { status: 'idle' });
  return (
    <Card as="section" aria-labelledby="test-event-heading">
      <CardTitle id="test-event-heading" size="md">
        Send a test event
      </CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        Queues a real, signed delivery to your webhook URL (its data says <code>test: true</code>), retried on the normal schedule.
      </p>
      {allowed ? (
        <form action={action} className="mt-3">
          <SubmitButton pending={pending} pendingLabel="Sending…">
            Send test event
          </SubmitButton>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Only an admin can send test events.</p>
      )}
      <div aria-live="polite" className="mt-4">
        {state.status === 'error' && <ApiErrorNotice error={state.error} />}
        {state.status === 'queued' && (
          <div data-testid="test-event-result">
            <p className="mb-3 text-sm">
              Queued as delivery{' '}
              <Link
                className="font-mono text-brand-700 underline"
                href={`/webhooks/deliveries/${encodeURIComponent(state.deliveryId)}`}
                data-testid="test-delivery-id"
              >
                {state.deliveryId}
              </Link>
              . Following it until it succeeds or fails:
            </p>
            <DeliveryDetail key={state.deliveryId} deliveryId={state.deliveryId} pollMs={1000} />
          </div>
        )}
      </div>
    </Card>
  );
}
