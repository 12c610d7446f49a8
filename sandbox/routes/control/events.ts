import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireAccount } from '../../domain/accounts';
import { EVENT_TYPES } from '../../domain/conversation-vocabulary';
import { requireRobot } from '../../domain/robots';
import { triggerEvent } from '../../domain/trigger';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { FAIL_REASONS } from '../../replies/queue';
import { eventFeed } from '../../webhooks/event-feed';
import { idParam, jsonBody, jsonResponse } from './schemas';

const FEED_PAGE_MAX = 100;

export const TriggerBody = z
  .strictObject({
    type: z.enum(EVENT_TYPES),
    conversation_id: z.string().min(1).max(200).optional(),
    text: z.string().min(1).max(4000).optional(),
    reason: z.enum(FAIL_REASONS).optional(),
  })
  .openapi('TriggerEvent');

const routes = {
  trigger: createRoute({
    method: 'post',
    path: '/sandbox/api/robots/{robot_id}/events',
    operationId: 'triggerEvent',
    tags: ['Events'],
    description: 'Makes an event of any type happen for real for a robot, recorded, delivered and signed like any other.',
    request: { params: z.object({ robot_id: idParam('robot_id') }), body: jsonBody(TriggerBody) },
    responses: {
      201: jsonResponse(
        '{conversation_id, events}: the event happened for real (a conversation started or closed, a message stored, a reply failed, ' +
          'or the test event) and was recorded, queued and signed like any other. Without conversation_id a new conversation is started ' +
          'first and its chat.started is listed too. 422 when the conversation is closed or its channel is not active (no events then).',
      ),
    },
  }),
  feed: createRoute({
    method: 'get',
    path: '/sandbox/api/accounts/{account_id}/events',
    operationId: 'eventFeed',
    tags: ['Events'],
    description: "Lists an account's events after a sequence number, each with the signed request a delivery of it carries.",
    request: {
      params: z.object({ account_id: idParam('account_id') }),
      query: z.object({
        after_seq: z.coerce
          .number()
          .int()
          .min(0)
          .optional()
          .openapi({
            param: { name: 'after_seq', in: 'query' },
            description: 'Events recorded after this one (default 0: from the first).',
          }),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(FEED_PAGE_MAX)
          .optional()
          .openapi({ param: { name: 'limit', in: 'query' }, description: `At most ${FEED_PAGE_MAX} (the default).` }),
      }),
    },
    responses: {
      200: jsonResponse(
        "{data: [{seq, recorded_at, event, request: {headers, body}}], latest_seq}: the account's events oldest first, whether or not " +
          'it has a webhook URL, each with the request a delivery of it carries, signed now with the account’s secret (what `listen --forward-to` sends on).',
      ),
    },
  }),
};

export function registerEventControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.trigger, (c) => {
    const robot = requireRobot(ctx, c.req.valid('param').robot_id);
    const body = validBody(c, c.req.valid('json'));
    const triggered = triggerEvent(ctx, robot, {
      type: body.type,
      conversationId: body.conversation_id,
      text: body.text,
      reason: body.reason,
    });
    return c.json(triggered, 201);
  });

  app.openapi(routes.feed, (c) => {
    const account = requireAccount(ctx, c.req.valid('param').account_id);
    const { after_seq: afterSeq = 0, limit = FEED_PAGE_MAX } = c.req.valid('query');
    return c.json(eventFeed(ctx, account, afterSeq, limit), 200);
  });
}
