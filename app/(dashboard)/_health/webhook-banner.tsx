'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { LocalTime } from '@/components/ui/local-time';
import type { EndpointHealthState } from '@/lib/webhook-health/state';

/** As often as the watch can have changed it: a pass runs each minute. */
const POLL_MS = 30_000;

async function fetchHealth(): Promise<EndpointHealthState | null> {
  const response = await fetch('/api/webhook-health', { cache: 'no-store' });
  if (!response.ok) throw new Error(`health answered ${response.status}`);
  return ((await response.json()) as { health: EndpointHealthState | null }).health;
}

/**
 * Shown on every page while the webhook endpoint is failing, until the rule says it recovered:
 * events the service cannot deliver are lost to the partner's systems, and nobody is looking at
 * the deliveries table when it starts.
 */
export function WebhookBanner({ initial }: { initial: EndpointHealthState | null }) {
  const { data } = useQuery({ queryKey: ['webhook-health'], queryFn: fetchHealth, initialData: initial, refetchInterval: POLL_MS });
  const streak = data?.failing;
  if (!streak) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="webhook-banner">
      <p className="font-semibold">Webhook deliveries are failing</p>
      <p className="mt-1">
        Since <LocalTime iso={streak.since} />: {streak.failedAttempts} failed {streak.failedAttempts === 1 ? 'attempt' : 'attempts'}
        {streak.lastStatus !== null
          ? `, the last answered HTTP ${streak.lastStatus}`
          : streak.lastError
            ? `, the last: ${streak.lastError}`
            : ''}
        . Events your systems miss cannot be read back later.{' '}
        <Link href="/webhooks#health" className="font-medium underline">
          See webhook health
        </Link>
      </p>
    </div>
  );
}
