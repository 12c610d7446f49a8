import { getEnv } from '@/lib/config/env';
import { storeWebhookEvent } from '@/lib/webhooks/event-store';
import { receiveWebhook } from '@/lib/webhooks/receiver';

/** Our endpoint for the service's events. Public by design: the token and the signature are the check. */
export async function POST(request: Request): Promise<Response> {
  const env = getEnv();
  const outcome = await receiveWebhook(request, {
    secret: env.PARTNER_WEBHOOK_SECRET ?? null,
    authToken: env.PARTNER_WEBHOOK_TOKEN ?? null,
    store: storeWebhookEvent,
  });
  if (outcome.status >= 400) console.warn(`[webhook] refused: ${outcome.status} ${String(outcome.body.error)}`);
  return Response.json(outcome.body, { status: outcome.status });
}
