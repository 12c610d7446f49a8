import type { CapacityHint } from '@/lib/channels/memory';
import { LocalTime } from '@/components/ui/local-time';
import { Card, CardTitle } from '@/components/ui/card';

/**
 * Active channels against the plan's capacity. The API never states the capacity; we only know it
 * from the last refusal's details, so without that we say it is unknown rather than guess.
 */
export function CapacityMeter({ occupied, hint }: { occupied: number; hint: CapacityHint | null }) {
  const capacity = hint?.capacity;
  return (
    <Card as="section" aria-labelledby="capacity-heading" data-testid="capacity">
      <CardTitle id="capacity-heading" size="md">
        Channel slots on this account
      </CardTitle>
      {capacity !== undefined ? (
        <>
          <p className="mt-1 text-sm" data-testid="capacity-text">
            {occupied} of {capacity} channel slots are in use.
          </p>
          <meter
            className="mt-2 h-3 w-full max-w-md"
            min={0}
            max={capacity}
            value={Math.min(occupied, capacity)}
            high={Math.max(capacity - 1, 0)}
            optimum={0}
            aria-label={`${occupied} of ${capacity} channel slots in use`}
          />
          <p className="mt-1 text-xs text-slate-500">
            Capacity as reported by the service on <LocalTime iso={hint?.observedAt} />.
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm" data-testid="capacity-text">
          {occupied} channel slot{occupied === 1 ? ' is' : 's are'} in use. The plan&apos;s capacity is unknown: the service reports it only
          when it refuses a channel for lack of a slot.
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">Only active channels hold a slot; disabled channels and open handshakes hold none.</p>
    </Card>
  );
}
