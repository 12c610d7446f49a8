import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { connectChannel, setChannelActive, type ConnectInput } from '../../domain/channel-connect';
import { findChannelOfAccount } from '../../domain/channels';
import { findRobotOfAccount } from '../../domain/robots';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/api-error';
import { validBody } from '../../http/errors';
import { ChannelSchema, ConnectChannelBody, PatchChannelBody, PendingChannelSchema } from './channel-schemas';
import { errorResponses, keyedHeaders, pathId } from './schemas';

const robotParam = pathId('robot_id', 'rb_8Jd0sPq2LmX4vN7a');
const channelParam = pathId('channel_id', 'ch_3kQ9sLm0ZpX7bT1c');

const connectRoute = createRoute({
  method: 'post',
  path: '/v1/robots/{robot_id}/channels',
  operationId: 'connectChannel',
  tags: ['Channels'],
  summary: 'Connect a channel',
  description: [
    '`messenger_bot` connects at once with `config.token` and answers the live Channel; it needs a free capacity slot.',
    '`social_dm` opens a browser handshake (role `social_dm`) and answers a PendingChannel: send the page owner to',
    '`authorisation_url` before `expires_at` (15 minutes). A pending channel holds no capacity and is not listed in the robot.',
    'One channel per type per robot. Reconnecting a bot to the robot it was disconnected from restores its channel id and history.',
    'Errors: 409 `channel_type_taken`, `bot_already_connected`, `handshake_open`; 410 `handshake_expired` (once, then start again);',
    '422 `validation_failed`, `invalid_credential`; 403 `role_missing`, `plan_lapsed`, `capacity_exhausted`.',
  ].join(' '),
  request: {
    params: z.object({ robot_id: robotParam }),
    body: { required: true, content: { 'application/json': { schema: ConnectChannelBody } } },
  },
  responses: {
    201: {
      description: 'Connected (token channel) or pending authorisation (social_dm).',
      headers: keyedHeaders,
      content: { 'application/json': { schema: z.union([ChannelSchema, PendingChannelSchema]) } },
    },
    ...errorResponses(400, 403, 404, 409, 410, 422),
  },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/v1/robots/{robot_id}/channels/{channel_id}',
  operationId: 'updateChannel',
  tags: ['Channels'],
  summary: 'Enable or disable a channel',
  description:
    'Disabling always succeeds and frees the capacity slot. Enabling needs a plan that has not lapsed (403 `plan_lapsed`) and a free slot at that moment (403 `capacity_exhausted` with `occupied`, `requested`, `capacity`). A pending social_dm handshake is not a channel yet (404).',
  request: {
    params: z.object({ robot_id: robotParam, channel_id: channelParam }),
    body: { required: true, content: { 'application/json': { schema: PatchChannelBody } } },
  },
  responses: {
    200: {
      description: 'The channel after the change.',
      headers: keyedHeaders,
      content: { 'application/json': { schema: ChannelSchema } },
    },
    ...errorResponses(400, 403, 404, 422),
  },
});

export function registerChannelRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(connectRoute, (c) => {
    const account = currentAccount(c);
    const robot = findRobotOfAccount(ctx, account.id, c.req.valid('param').robot_id);
    if (!robot) throw notFound('robot');
    const body = validBody(c, c.req.valid('json'));
    const input: ConnectInput = body.type === 'social_dm' ? { type: 'social_dm' } : { type: 'messenger_bot', config: body.config };
    // The consent screen is served by this sandbox, on the origin the partner called.
    const result = connectChannel(ctx, account, robot, input, new URL(c.req.url).origin);
    return c.json(result, 201);
  });

  app.openapi(patchRoute, (c) => {
    const account = currentAccount(c);
    const { robot_id, channel_id } = c.req.valid('param');
    if (!findRobotOfAccount(ctx, account.id, robot_id)) throw notFound('robot');
    const channel = findChannelOfAccount(ctx, account.id, channel_id);
    // An open handshake is not a channel of the robot yet, as GET /v1/robots shows.
    if (!channel || channel.robotId !== robot_id || channel.status === 'pending_authorisation') throw notFound('channel');
    const { is_active } = validBody(c, c.req.valid('json'));
    return c.json(setChannelActive(ctx, account, channel, is_active), 200);
  });
}
