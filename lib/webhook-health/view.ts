import 'server-only';
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

/** The Webhooks page's health section, from the deliveries the watch holds: no call to the API. */
export async function loadWebhookHealth(wall = new Date()): Promise<WebhookHealthView> {
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
