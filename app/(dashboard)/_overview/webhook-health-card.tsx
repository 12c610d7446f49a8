import Link from 'next/link';
import { formatCount, formatRate } from '@/lib/ui/format';
import { Card, CardHeader } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import { serviceAheadMs } from '@/lib/connection/service-clock';
import { endpointHealthState } from '@/lib/webhook-health/state';

/** Webhook health in one line, as the last watch pass left it. */
export async function WebhookHealthCard() {
  const [health, aheadMs] = await Promise.all([endpointHealthState(), serviceAheadMs()]);
  return (
    <Card as="section" aria-labelledby="overview-webhooks" data-testid="overview-webhooks">
      <CardHeader
        id="overview-webhooks"
        size="md"
        title={
          <Link href="/webhooks#health" className="hover:underline">
            Webhook health
          </Link>
        }
      />
      <p className={`mt-2 text-sm font-medium ${health?.failing ? 'text-red-700' : ''}`} data-testid="webhook-health-line">
        {health === null ? (
          'Not watched yet: the first look at the deliveries comes within a minute of start.'
        ) : health.failing ? (
          <>
            Failing since <LocalTime iso={health.failing.since} aheadMs={aheadMs} />: {formatCount(health.failing.failedAttempts)} failed
            attempts.
          </>
        ) : health.successRate24h === null ? (
          'No delivery attempts in the last 24 h.'
        ) : (
          `${formatRate(health.successRate24h)} of ${formatCount(health.attempts24h)} attempts succeeded in the last 24 h.`
        )}
      </p>
      {health?.sampled && (
        <p className="mt-1 text-xs text-slate-500">Sampled: the watch could not read every delivery within its share of calls.</p>
      )}
    </Card>
  );
}
