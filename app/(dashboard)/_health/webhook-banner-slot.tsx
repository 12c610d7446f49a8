import { endpointHealthState } from '@/lib/webhook-health/state';
import { WebhookBanner } from './webhook-banner';

/** The banner's first state comes with the page (one store read), so a failing endpoint shows before any poll. */
export async function WebhookBannerSlot() {
  return <WebhookBanner initial={await endpointHealthState()} />;
}
