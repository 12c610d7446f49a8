import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { getDelivery, listDeliveries, sendTestEvent } from '../../webhooks/deliveries';
import { errorResponses, keyedHeaders } from './schemas';
import { DeliveryListSchema, DeliveryQuery, DeliverySchema, deliveryIdParam, TestEventResultSchema } from './webhook-schemas';

const testEventRoute = createRoute({
  method: 'post',
  path: '/v1/webhooks/test',
  operationId: 'sendTestEvent',
  tags: ['Webhooks'],
  summary: 'Send a test event',
  description:
    'Queues a real `test` event (D18) to the configured webhook URL: signed (Standard Webhooks), with `X-Webhook-Token` and the custom headers, retried on the normal schedule. Takes no body (one sent is ignored). The event is `{id, type: "test", created_at, robot_id: null, external_id: null, conversation_id: null, data: {test: true}}`.',
  responses: {
    202: {
      description: 'Queued; the first attempt follows at once.',
      headers: keyedHeaders,
      content: { 'application/json': { schema: TestEventResultSchema } },
    },
    ...errorResponses(403, 422),
  },
});

const listDeliveriesRoute = createRoute({
  method: 'get',
  path: '/v1/webhooks/deliveries',
  operationId: 'listWebhookDeliveries',
  tags: ['Webhooks'],
  summary: 'List webhook deliveries',
  description:
    'Deliveries of the account, newest first (ties in created_at: the later-created first), each with its attempts and payload. Retries: 8 attempts, waiting 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the attempt before.',
  request: { query: DeliveryQuery },
  responses: {
    200: { description: 'A page of deliveries.', headers: keyedHeaders, content: { 'application/json': { schema: DeliveryListSchema } } },
    ...errorResponses(400, 403),
  },
});

const getDeliveryRoute = createRoute({
  method: 'get',
  path: '/v1/webhooks/deliveries/{delivery_id}',
  operationId: 'getWebhookDelivery',
  tags: ['Webhooks'],
  summary: 'Get a webhook delivery',
  description:
    'One delivery with every attempt: what the endpoint answered (status, first 4 KiB of the body), how long it took, and the error.',
  request: { params: deliveryIdParam },
  responses: {
    200: { description: 'The delivery.', headers: keyedHeaders, content: { 'application/json': { schema: DeliverySchema } } },
    ...errorResponses(400, 403, 404),
  },
});

export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(testEventRoute, async (c) => c.json(await sendTestEvent(ctx, currentAccount(c)), 202));

  app.openapi(listDeliveriesRoute, (c) => {
    const { limit = 50, offset = 0, ...filter } = c.req.valid('query');
    return c.json(listDeliveries(ctx, currentAccount(c).id, { ...filter, limit, offset }), 200);
  });

  app.openapi(getDeliveryRoute, (c) => c.json(getDelivery(ctx, currentAccount(c).id, c.req.valid('param').delivery_id), 200));
}
