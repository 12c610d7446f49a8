import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireAccount } from '../../domain/accounts';
import { deleteChannel } from '../../domain/channels';
import { createRobot, patchRobot, requireRobot, robotView } from '../../domain/robots';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { CreateRobotBody, idParam, jsonBody, jsonResponse, PatchRobotBody } from './schemas';

const routes = {
  create: createRoute({
    method: 'post',
    path: '/sandbox/api/accounts/{account_id}/robots',
    operationId: 'createRobot',
    tags: ['Robots and channels'],
    description: 'Creates a robot on the account, with channels if given, as the service would.',
    request: { params: z.object({ account_id: idParam('account_id') }), body: jsonBody(CreateRobotBody) },
    responses: { 201: jsonResponse('Robot, as GET /v1/robots shows it.') },
  }),
  patch: createRoute({
    method: 'patch',
    path: '/sandbox/api/robots/{robot_id}',
    operationId: 'patchRobot',
    tags: ['Robots and channels'],
    description: "Changes a robot's name, external id or model.",
    request: { params: z.object({ robot_id: idParam('robot_id') }), body: jsonBody(PatchRobotBody) },
    responses: { 200: jsonResponse('Robot') },
  }),
  deleteChannel: createRoute({
    method: 'delete',
    path: '/sandbox/api/channels/{channel_id}',
    operationId: 'deleteChannel',
    tags: ['Robots and channels'],
    description: "Removes a channel; a pending channel's handshake is cancelled.",
    request: { params: z.object({ channel_id: idParam('channel_id') }) },
    responses: { 204: { description: 'Disconnected.' } },
  }),
};

export function registerRobotControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.create, (c) => {
    const account = requireAccount(ctx, c.req.valid('param').account_id);
    const robot = createRobot(ctx, account, validBody(c, c.req.valid('json')));
    return c.json(robotView(ctx, robot), 201);
  });

  app.openapi(routes.patch, (c) => {
    const { robot_id } = c.req.valid('param');
    requireRobot(ctx, robot_id);
    return c.json(robotView(ctx, patchRobot(ctx, robot_id, validBody(c, c.req.valid('json')))), 200);
  });

  app.openapi(routes.deleteChannel, (c) => {
    deleteChannel(ctx, c.req.valid('param').channel_id);
    return c.body(null, 204);
  });
}
