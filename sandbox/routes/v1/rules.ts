import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { findChannelOfAccount } from '../../domain/channels';
import { findRobotOfAccount } from '../../domain/robots';
import { requireRuleOfChannel, ruleView } from '../../domain/rules';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/api-error';
import { RuleSchema } from './rule-schemas';
import { errorResponses, keyedHeaders, pathId } from './schemas';

const getRuleRoute = createRoute({
  method: 'get',
  path: '/v1/robots/{robot_id}/channels/{channel_id}/rules/{rule_id}',
  operationId: 'getRule',
  tags: ['Rules'],
  summary: 'Get a rule',
  description:
    "One social-DM automation rule. 404 when the robot is unknown or another partner's, the channel is not on that robot (a pending handshake is not a channel yet), or the rule is not on that channel.",
  request: {
    params: z.object({
      robot_id: pathId('robot_id', 'rb_8Jd0sPq2LmX4vN7a'),
      channel_id: pathId('channel_id', 'ch_3kQ9sLm0ZpX7bT1c'),
      rule_id: pathId('rule_id', 'rule_5nB2cXe8QwT0yU4i'),
    }),
  },
  responses: {
    200: { description: 'The rule.', headers: keyedHeaders, content: { 'application/json': { schema: RuleSchema } } },
    ...errorResponses(400, 403, 404),
  },
});

export function registerRuleRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(getRuleRoute, (c) => {
    const account = currentAccount(c);
    const { robot_id, channel_id, rule_id } = c.req.valid('param');
    if (!findRobotOfAccount(ctx, account.id, robot_id)) throw notFound('robot');
    const channel = findChannelOfAccount(ctx, account.id, channel_id);
    if (!channel || channel.robotId !== robot_id || channel.status === 'pending_authorisation') throw notFound('channel');
    return c.json(ruleView(requireRuleOfChannel(ctx, channel.id, rule_id)), 200);
  });
}
