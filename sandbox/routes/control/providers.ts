import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireConversation } from '../../domain/conversations';
import { CHANNEL_TYPES } from '../../domain/vocabulary';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { activeOutages, endOutages, outageView, startOutage } from '../../replies/limits';
import { repliesOfConversation, replyView } from '../../replies/queue';
import { idParam, jsonBody, jsonResponse } from './schemas';

const MAX_OUTAGE_SECONDS = 366 * 24 * 3600;

export const OutageBody = z
  .strictObject({
    channel_type: z.enum(CHANNEL_TYPES).optional().openapi({ description: 'Only this channel type; every type when absent.' }),
    until_seconds: z
      .number()
      .positive({ error: 'must be > 0' })
      .max(MAX_OUTAGE_SECONDS)
      .openapi({ description: 'How long from now (sandbox clock) the provider stays down.' }),
  })
  .openapi('ProviderOutage');

const routes = {
  startOutage: createRoute({
    method: 'post',
    path: '/sandbox/api/providers/outage',
    operationId: 'startOutage',
    tags: ['Providers and faults'],
    description: 'Starts a provider outage for a channel type (or all) from now, on the sandbox clock.',
    request: { body: jsonBody(OutageBody) },
    responses: {
      201: jsonResponse('{channel_type, starts_at, until}: automated replies on that channel type wait in the queue (D21) until it ends.'),
    },
  }),
  listOutages: createRoute({
    method: 'get',
    path: '/sandbox/api/providers/outage',
    operationId: 'listOutages',
    tags: ['Providers and faults'],
    description: 'Lists the provider outages running now.',
    responses: { 200: jsonResponse('{data: [Outage]}: outages running now.') },
  }),
  endOutages: createRoute({
    method: 'delete',
    path: '/sandbox/api/providers/outage',
    operationId: 'endOutages',
    tags: ['Providers and faults'],
    description: 'Ends every running outage now and works the reply queue before answering.',
    responses: { 204: { description: 'Every running outage ends now; queued replies go out before the answer.' } },
  }),
  replies: createRoute({
    method: 'get',
    path: '/sandbox/api/conversations/{conversation_id}/replies',
    operationId: 'listReplies',
    tags: ['Conversations'],
    description: "Lists a conversation's automated replies that were queued or failed, oldest first.",
    request: { params: z.object({ conversation_id: idParam('conversation_id') }) },
    responses: { 200: jsonResponse('{data: [Reply]}: automated replies that were queued or failed, oldest first.') },
  }),
};

export function registerProviderControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.startOutage, (c) => c.json(outageView(startOutage(ctx, validBody(c, c.req.valid('json')))), 201));

  app.openapi(routes.listOutages, (c) => c.json({ data: activeOutages(ctx).map(outageView) }, 200));

  app.openapi(routes.endOutages, async (c) => {
    endOutages(ctx);
    // The queue drains in the same due-work pass a clock advance would trigger.
    await ctx.scheduler.runDue();
    return c.body(null, 204);
  });

  app.openapi(routes.replies, (c) => {
    const conversation = requireConversation(ctx, c.req.valid('param').conversation_id);
    return c.json({ data: repliesOfConversation(ctx, conversation.id).map(replyView) }, 200);
  });
}
