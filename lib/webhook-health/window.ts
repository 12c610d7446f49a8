import 'server-only';
import { newestCreatedAt, WATCH_RETENTION_MS, watchedDeliveries, type DeliveryWatchStatus } from '@/lib/deliveries/watch';
import { serviceClockNow } from '@/lib/connection/service-clock';
import type { Delivery } from '@/lib/partner/schemas';
import { asDelivery } from './as-delivery';

/** Retries run for about 28 hours after a delivery is made (5 s … 10 h). */
const RETRY_SPAN_MS = 30 * 3_600_000;

export type HealthWindow = { deliveries: Delivery[]; sampled: boolean; status: DeliveryWatchStatus; now: Date };

/**
 * The watched deliveries of the last `lookbackMs`, and the "now" the figures are measured at: the
 * service's clock (its answers' `Date`, or its newest record) when that runs ahead of ours (the
 * sandbox's clock can be advanced; a real service's agrees with ours), so windows and the failing
 * rule follow it.
 */
export async function healthWindow(lookbackMs: number, wall = new Date()): Promise<HealthWindow> {
  const anchor = Math.max(await serviceClockNow(wall.getTime()), (await newestCreatedAt()) ?? 0);
  // From further back than the figures look: a delivery made before the window may have retried inside it.
  const window = await watchedDeliveries({ from: new Date(anchor - lookbackMs - RETRY_SPAN_MS), to: new Date(anchor + 1) });
  // Sampled is judged on the figures' own window (no older than what the watch keeps), not on that margin.
  const figuresFrom = Math.max(anchor - lookbackMs, wall.getTime() - WATCH_RETENTION_MS);
  const completeSince = window.status.completeSince === null ? null : Date.parse(window.status.completeSince);
  const sampled = window.status.lastPassAt === null || window.status.behind || completeSince === null || figuresFrom < completeSince;
  const deliveries = window.deliveries.map(asDelivery);
  let now = anchor;
  for (const delivery of deliveries) {
    for (const attempt of delivery.attempts) {
      const at = attempt.attempted_at ? Date.parse(attempt.attempted_at) : Number.NaN;
      if (at > now) now = at;
    }
  }
  return { deliveries, sampled, status: window.status, now: new Date(now) };
}
