import Link from 'next/link';
import { formatCount } from '@/lib/ui/format';
import { Card, CardHeader } from '@/components/ui/card';
import type { CapacityHint } from '@/lib/channels/memory';
import { accountSummary } from '@/lib/overview/account-summary';

/** The service states the plan's capacity only when it refuses an enable for it, so the figure can be out of date. */
function capacityLine(on: number, capacity: CapacityHint | null): string {
  if (!capacity) return 'Capacity: the service states it only when an enable is refused; none has been yet.';
  if (on > capacity.capacity) {
    return `Capacity: the service last stated ${formatCount(capacity.capacity)} active channels; ${formatCount(on)} are on now, so the plan has changed since.`;
  }
  return `Capacity: ${formatCount(on)} of ${formatCount(capacity.capacity)} active channels (as the service last stated it).`;
}

/** Robots and channels as the directory holds them, against the capacity the dashboard has learned. */
export async function RobotsCard() {
  const summary = await accountSummary();
  const { on, off, unknown } = summary.channels;
  return (
    <Card as="section" aria-labelledby="overview-robots" data-testid="overview-robots">
      <CardHeader
        id="overview-robots"
        size="md"
        title={
          <Link href="/robots" className="hover:underline">
            Robots and channels
          </Link>
        }
        description={
          summary.directoryComplete
            ? `${formatCount(summary.robots)} robots on this account.`
            : `${formatCount(summary.robots)} of ${summary.directoryTotal === null ? 'all' : formatCount(summary.directoryTotal)} robots read so far.`
        }
      />
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-slate-600">On</dt>
          <dd className="text-xl font-semibold text-emerald-700" data-testid="channels-on">
            {formatCount(on)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Off</dt>
          <dd className={`text-xl font-semibold ${off > 0 ? 'text-amber-700' : ''}`} data-testid="channels-off">
            {formatCount(off)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Handshake pending</dt>
          <dd className="text-xl font-semibold" data-testid="handshakes-pending">
            {formatCount(summary.pendingHandshakes.count)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600" data-testid="capacity">
        {capacityLine(on, summary.capacity)}
        {unknown > 0 && ` ${formatCount(unknown)} channels' state is not known yet.`}
      </p>
    </Card>
  );
}
