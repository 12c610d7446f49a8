import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { deleteRobotOfAccount, listRobots, robotViews } from '../../domain/robots';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { replayable } from '../../http/replay-cache';
import { errorResponses, keyedHeaders, PaginationQuery, PaginationSchema, pathId, RobotSchema } from './schemas';

const listRobotsRoute = createRoute({
  method: 'get',
  path: '/v1/robots',
  operationId: 'listRobots',
  tags: ['Robots'],
  summary: 'List robots',
  description: 'Robots of the account, newest first (ties in created_at: the later-created first), with their channels.',
  request: { query: PaginationQuery },
  responses: {
    200: {
      description: 'A page of robots.',
      headers: keyedHeaders,
      content: {
        'application/json': {
          schema: z.object({ data: z.array(RobotSchema), pagination: PaginationSchema }).openapi('RobotList'),
        },
      },
    },
    ...errorResponses(400, 403),
  },
});

const deleteRobotRoute = createRoute({
  method: 'delete',
  path: '/v1/robots/{robot_id}',
  operationId: 'deleteRobot',
  tags: ['Robots'],
  summary: 'Delete a robot',
  description: 'Deletes the robot and its channels; capacity is freed immediately.',
  request: { params: z.object({ robot_id: pathId('robot_id', 'rb_8Jd0sPq2LmX4vN7a') }) },
  responses: {
    204: { description: 'Deleted.', headers: keyedHeaders },
    ...errorResponses(400, 403, 404),
  },
});

export function registerRobotRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(listRobotsRoute, (c) => {
    const account = currentAccount(c);
    const { limit = 50, offset = 0 } = c.req.valid('query');
    const { rows, total } = listRobots(ctx, account.id, limit, offset);
    const page = {
      data: robotViews(ctx, rows),
      pagination: { limit, offset, total_count: total, has_more: offset + rows.length < total },
    };
    // A page of robots changes only with the store.
    replayable(c, page);
    return c.json(page, 200);
  });

  app.openapi(deleteRobotRoute, (c) => {
    const account = currentAccount(c);
    deleteRobotOfAccount(ctx, account.id, c.req.valid('param').robot_id);
    return c.body(null, 204);
  });
}
