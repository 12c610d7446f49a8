'use client';

import { useQuery } from '@tanstack/react-query';
import { ApiErrorNotice } from '@/components/ui/api-error-notice';
import { Card } from '@/components/ui/card';
import type { DisplayError } from '@/app/_errors/display-error';
import { isSettledDelivery } from '@/contract/vocabulary';
import type { Delivery } from '@/lib/partner/schemas';
import { DeliveryStatusBadge } from './delivery-status';
import { LocalTime } from '@/components/ui/local-time';

type Answer = { delivery: Delivery; requestId?: string } | { error: DisplayError };

async function fetchDelivery(deliveryId: string): Promise<Answer> {
  const res = await fetch(`/api/deliveries/${encodeURIComponent(deliveryId)}`, { cache: 'no-store' });
  const answer = (await res.json()) as Answer;
  // The route's own status is the one that decides whether polling goes on.
  return 'error' in answer ? { error: { ...answer.error, status: res.status } } : answer;
}

function isFinalRefusal(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}

/** Follows a delivery: polls while it is pending or retrying, stops once it has settled. */
export function DeliveryDetail({ deliveryId, initial, pollMs = 2000 }: { deliveryId: string; initial?: Delivery; pollMs?: number }) {
  const query = useQuery({
    queryKey: ['delivery', deliveryId],
    queryFn: () => fetchDelivery(deliveryId),
    initialData: initial ? { delivery: initial } : undefined,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data && 'delivery' in data) return isSettledDelivery(data.delivery.status) ? false : pollMs;
      // A refusal (ended session, gone, not allowed) will not change by asking again; an outage may.
      if (data && 'error' in data && isFinalRefusal(data.error.status)) return false;
      return pollMs;
    },
  });
  const data = query.data;
  if (!data)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading delivery…
      </p>
    );
  if ('error' in data) return <ApiErrorNotice error={data.error} />;
  const d = data.delivery;
  const attempts = [...(d.attempts ?? [])].sort((a, b) => (a.attempt ?? 0) - (b.attempt ?? 0));
  const settled = isSettledDelivery(d.status);
  return (
    <div className="space-y-6" data-testid="delivery-detail">
      <Card as="dl" className="grid grid-cols-[10rem_1fr] gap-y-2 text-sm">
        <dt className="text-slate-600">Delivery</dt>
        <dd className="font-mono">{d.delivery_id ?? deliveryId}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="flex items-center gap-2">
          <DeliveryStatusBadge status={d.status} />
          {!settled && (
            <span className="text-xs text-slate-500" aria-live="polite">
              refreshing by itself…
            </span>
          )}
        </dd>
        <dt className="text-slate-600">Event</dt>
        <dd>
          {d.event_type ?? 'unknown'} <span className="font-mono text-xs text-slate-500">{d.event_id}</span>
        </dd>
        <dt className="text-slate-600">Created</dt>
        <dd>
          <LocalTime iso={d.created_at} />
        </dd>
        {!settled && (
          <>
            <dt className="text-slate-600">Next attempt</dt>
            <dd data-testid="next-attempt">
              <LocalTime iso={d.next_attempt_at} unknown="not scheduled" />
            </dd>
          </>
        )}
      </Card>
      <section aria-labelledby="attempts-heading">
        <h2 id="attempts-heading" className="text-lg font-semibold">
          Attempts ({attempts.length})
        </h2>
        {attempts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Not tried yet.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {attempts.map((a, i) => (
              <Card as="li" padding="sm" key={a.attempt ?? i} className="text-sm" data-testid="delivery-attempt">
                <p className="font-medium">
                  Attempt {a.attempt ?? i + 1} · <LocalTime iso={a.attempted_at} /> ·{' '}
                  <span data-testid="attempt-status">{a.response_status ? `HTTP ${a.response_status}` : 'no answer'}</span>
                  {typeof a.duration_ms === 'number' && ` · ${a.duration_ms} ms`}
                </p>
                {a.error && <p className="mt-1 text-red-800">Error: {a.error}</p>}
                {a.response_body && (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-slate-600">Response body (first 4 KiB)</summary>
                    <pre
                      tabIndex={0}
                      role="group"
                      aria-label="Response body"
                      className="mt-2 max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap"
                    >
                      {a.response_body}
                    </pre>
                  </details>
                )}
              </Card>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="payload-heading">
        <h2 id="payload-heading" className="text-lg font-semibold">
          Payload
        </h2>
        {/* A box that scrolls must take the keyboard's focus, or its hidden part is out of reach. */}
        <Card
          as="pre"
          padding="sm"
          tabIndex={0}
          role="group"
          aria-label="Payload JSON"
          className="mt-3 max-h-96 overflow-auto text-xs"
          data-testid="delivery-payload"
        >
          {JSON.stringify(d.payload ?? null, null, 2)}
        </Card>
      </section>
    </div>
  );
}
