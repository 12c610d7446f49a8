import 'server-only';
import { serviceClockNow } from '@/lib/connection/service-clock';
import { deliveryWatchStatus } from '@/lib/deliveries/watch';
import { latestByKey } from '@/lib/sync/latest-memo';
import { endpointHealth, type FailingState } from './failing-rule';
import { healthFigures, neverDelivered, type HealthFigures, type NeverDeliveredGroup } from './figures';
import { receiverVerdict, type ReceiverVerdict } from './our-receiver';
import { healthWindow } from './window';

const DAY_MS = 86_400_000;

export type WebhookHealthView = {
  figures: HealthFigures;
  state: FailingState;
  neverDelivered: NeverDeliveredGroup[];
  /** Not every delivery of the window was read (the watch was behind or had not gone back so far). */
  sampled: boolean;
  watchedSince: string | null;
  /** Whether the deliveries go to this dashboard's receiver, so its refusals belong beside them. */
  receiver: ReceiverVerdict;
};

/**
 * The Webhooks page's health section, from the deliveries the watch holds: no call to the API. The
 * figures change only when the watch has read again or time has moved on, so they are computed once
 * per watch pass and minute (of the service's clock) in each process, not on every view.
 */
export async function loadWebhookHealth(wall = new Date()): Promise<WebhookHealthView> {
  const [status, now] = await Promise.all([deliveryWatchStatus(), serviceClockNow(wall.getTime())]);
  return latestByKey('webhook-health-view', `${status.lastPassAt ?? ''}|${Math.floor(now / 60_000)}`, () => computeWebhookHealth(wall));
}

async function computeWebhookHealth(wall: Date): Promise<WebhookHealthView> {
  const window = await healthWindow(30 * DAY_MS, wall);
  return {
    figures: healthFigures(window.deliveries, window.now),
    state: endpointHealth(window.deliveries, window.now),
    neverDelivered: neverDelivered(window.deliveries),
    sampled: window.sampled,
    watchedSince: window.status.completeSince,
    receiver: await receiverVerdict(window.deliveries, wall.getTime()),
  };
}
