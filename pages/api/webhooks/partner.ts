import type { NextApiRequest, NextApiResponse } from 'next';
import { getEnv } from '@/lib/config/env';
import { clientAddress } from '@/lib/http/client-address';
import { storeWebhookEvent } from '@/lib/inbound-events/event-store';
import { webhookRequestOf } from '@/lib/inbound-events/node-request';
import { receiveWebhook } from '@/lib/inbound-events/receiver';
import { noteRefusal } from '@/lib/inbound-events/refusal-counts';

// The signature covers the body exactly as sent: it is read raw, never parsed first.
export const config = { api: { bodyParser: false } };

/**
 * Our endpoint for the service's events. Public by design: the token and the signature are the check.
 * A pages-router API route rather than an app route handler: it reads Node's request as it is (no
 * Fetch Request, no web streams), which about doubles what a burst gets through here.
 */
export default async function partnerWebhook(request: NextApiRequest, response: NextApiResponse): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    response.status(405).json({ error: 'method_not_allowed', message: 'Events are delivered with POST.' });
    return;
  }
  const env = getEnv();
  const incoming = webhookRequestOf(request);
  let outcome;
  try {
    outcome = await receiveWebhook(incoming, {
      secret: env.PARTNER_WEBHOOK_SECRET ?? null,
      authToken: env.PARTNER_WEBHOOK_TOKEN ?? null,
      store: storeWebhookEvent,
    });
  } catch (error) {
    // Not stored: any answer but a 2xx makes the service send it again later.
    console.error('[webhook] could not store an event:', error);
    response.status(500).json({ error: 'not_stored', message: 'The event could not be stored; it will be sent again.' });
    return;
  }
  if (outcome.status >= 400) {
    console.warn(`[webhook] refused: ${outcome.status} ${String(outcome.body.error)}`);
    // Counted for the health view without holding the answer: a store that is slow or down must
    // never change what the service (or anyone probing) is told.
    noteRefusal({ reason: String(outcome.body.error), source: clientAddress(incoming.headers) }).catch((error: unknown) => {
      console.error('[webhook] could not count a refusal:', error);
    });
  }
  response.status(outcome.status).json(outcome.body);
}
