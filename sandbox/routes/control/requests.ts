import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireAccount } from '../../domain/accounts';
import type { AppEnv } from '../../http/env';
import { KEPT_PER_ACCOUNT } from '../../http/request-log';
import { idParam, jsonResponse } from './schemas';

const route = createRoute({
  method: 'get',
  path: '/sandbox/api/accounts/{account_id}/requests',
  operationId: 'recentRequests',
  tags: ['Requests'],
  description: "Lists the account's most recent /v1 requests, newest first, kept in memory.",
  request: {
    params: z.object({ account_id: idParam('account_id') }),
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(KEPT_PER_ACCOUNT)
        .optional()
        .openapi({ param: { name: 'limit', in: 'query' }, description: `At most ${KEPT_PER_ACCOUNT} (all that is kept).` }),
    }),
  },
  responses: {
    200: jsonResponse(
      `{data: [{at, account_id, method, path, status, duration_ms, request_id}]}: the account's most recent /v1 requests, ` +
        `newest first; the last ${KEPT_PER_ACCOUNT} are kept in memory, so a restart forgets them. Query values are never kept.`,
    ),
  },
});

export function registerRequestLogControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(route, (c) => {
    const { account_id } = c.req.valid('param');
    requireAccount(ctx, account_id);
    return c.json({ data: ctx.requests.recent(account_id, c.req.valid('query').limit) }, 200);
  });
}
