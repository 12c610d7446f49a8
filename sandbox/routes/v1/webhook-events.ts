import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { EVENT_TYPES } from '../../domain/conversation-vocabulary';
import type { AppEnv } from '../../http/env';
import { EVENT_SCHEMAS } from './event-schemas';

/** The D16 headers of every delivery attempt, as a receiver reads them. */
const DeliveryHeaders = z.object({
  'webhook-id': z.string().openapi({
    description: "The event's `id`; the same on every attempt of one delivery, so a receiver can drop repeats.",
    example: 'evt_3kT9cQ1mZp0LrX7b',
  }),
  'webhook-timestamp': z.string().openapi({
    description: 'Unix seconds of the attempt, in real time (never the sandbox clock), for a tolerance check.',
    example: '1795774500',
  }),
  'webhook-signature': z.string().openapi({
    description:
      'Standard Webhooks: `v1,` + base64(HMAC-SHA256(secret, `{webhook-id}.{webhook-timestamp}.{body}`)) with the secret after its `whsec_` prefix, base64-decoded. Space-separated, one per secret, while a rotated secret is in its 24 h overlap. Verify with `new Webhook(secret).verify(body, headers)` (the `standardwebhooks` package).',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
  'x-webhook-token': z.string().optional().openapi({
    description: 'The webhook auth token set in the panel; reject a delivery without it. Absent while no token is set.',
  }),
});

/**
 * OpenAPI 3.1 `webhooks`: what the service POSTs to the partner's webhook URL, one entry per D17
 * event type, with the signature headers, so a generator can type a receiver too.
 */
export function registerWebhookEvents(app: OpenAPIHono<AppEnv>): void {
  for (const type of EVENT_TYPES) {
    const { schema, summary } = EVENT_SCHEMAS[type];
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `${type.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}Event`,
      tags: ['Webhooks'],
      summary,
      description:
        'Delivered by POST to the webhook URL set in the panel, with the custom headers set there. The first attempt is at once; after a failure it is retried 7 more times (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h apart).',
      request: {
        headers: DeliveryHeaders,
        body: { required: true, content: { 'application/json': { schema } } },
      },
      responses: {
        200: { description: 'Any 2xx within 15 s is success; anything else, or no answer, is retried.' },
      },
    });
  }
}
