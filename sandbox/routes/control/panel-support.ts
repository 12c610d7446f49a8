import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireAccount } from '../../domain/accounts';
import { channelView } from '../../domain/channels';
import { addPanelChannel, PANEL_CHANNEL_TYPES, robotDetails } from '../../domain/panel-robots';
import { requireRobot } from '../../domain/robots';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { idParam, jsonBody, jsonResponse } from './schemas';

// The panel and the command line (D23) need to read an account's robots with their model and
// channel states, and to add panel-only channel types to a robot that already exists; the rest of
// what they do is in the D24 table already.
export const AddPanelChannelBody = z
  .strictObject({
    type: z.enum(PANEL_CHANNEL_TYPES, {
      error: 'must be a panel-only type: chat_vendor_a, widget, chat_vendor_b, chat_vendor_c or chat_app',
    }),
    is_active: z.boolean().optional(),
    username: z.string().min(1).max(200).optional(),
  })
  .openapi('AddPanelChannel');

const routes = {
  listRobots: createRoute({
    method: 'get',
    path: '/sandbox/api/accounts/{account_id}/robots',
    operationId: 'listRobots',
    tags: ['Robots and channels'],
    description: "Lists the account's robots, newest first, with their model and full channel views (pending handshakes included).",
    request: { params: z.object({ account_id: idParam('account_id') }) },
    responses: { 200: jsonResponse('{data: [Robot + model, channels as full Channel views incl. status]}, newest first.') },
  }),
  addChannel: createRoute({
    method: 'post',
    path: '/sandbox/api/robots/{robot_id}/channels',
    operationId: 'addChannel',
    tags: ['Robots and channels'],
    description: 'Adds a panel-only channel type to a robot, with the plan and capacity checks of the service.',
    request: { params: z.object({ robot_id: idParam('robot_id') }), body: jsonBody(AddPanelChannelBody) },
    responses: { 201: jsonResponse('Channel; an active one needs a live plan and a free slot.') },
  }),
};

export function registerPanelSupportControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.listRobots, (c) => {
    const account = requireAccount(ctx, c.req.valid('param').account_id);
    return c.json({ data: robotDetails(ctx, account.id) }, 200);
  });

  app.openapi(routes.addChannel, (c) => {
    const { robot_id } = c.req.valid('param');
    requireRobot(ctx, robot_id);
    return c.json(channelView(addPanelChannel(ctx, robot_id, validBody(c, c.req.valid('json')))), 201);
  });
}
