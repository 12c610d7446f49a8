import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { createRule, requireChannel, ruleView, rulesOfChannel } from '../../domain/rules';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { CreateRuleBody } from './rule-schemas';
import { idParam, jsonBody, jsonResponse } from './schemas';

const channelParams = z.object({ channel_id: idParam('channel_id') });

const routes = {
  create: createRoute({
    method: 'post',
    path: '/sandbox/api/channels/{channel_id}/rules',
    operationId: 'createRule',
    tags: ['Handshakes and rules'],
    description: 'Adds an automation rule to a social-DM channel.',
    request: { params: channelParams, body: jsonBody(CreateRuleBody) },
    responses: { 201: jsonResponse('Rule; only a connected or disabled social_dm channel takes rules (422 otherwise).') },
  }),
  list: createRoute({
    method: 'get',
    path: '/sandbox/api/channels/{channel_id}/rules',
    operationId: 'listRules',
    tags: ['Handshakes and rules'],
    description: "Lists a social-DM channel's rules, oldest first.",
    request: { params: channelParams },
    responses: { 200: jsonResponse('{data: [Rule]}, oldest first.') },
  }),
};

export function registerRuleControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.create, (c) => {
    const channel = requireChannel(ctx, c.req.valid('param').channel_id);
    const body = validBody(c, c.req.valid('json'));
    return c.json(ruleView(createRule(ctx, channel, body)), 201);
  });

  app.openapi(routes.list, (c) => {
    const channel = requireChannel(ctx, c.req.valid('param').channel_id);
    return c.json({ data: rulesOfChannel(ctx, channel.id).map(ruleView) }, 200);
  });
}
