import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { resetSandbox } from '../../domain/account-removal';
import { AdvanceClockBody, FaultBody, jsonBody, jsonResponse, ResetBody } from './schemas';

const routes = {
  addFault: createRoute({
    method: 'post',
    path: '/sandbox/api/faults',
    operationId: 'addFault',
    tags: ['Providers and faults'],
    description: 'Arms a fault: matching /v1 requests answer 429, 500 or 503 a number of times.',
    request: { body: jsonBody(FaultBody) },
    responses: { 201: jsonResponse('The armed fault, with `remaining` uses.') },
  }),
  listFaults: createRoute({
    method: 'get',
    path: '/sandbox/api/faults',
    operationId: 'listFaults',
    tags: ['Providers and faults'],
    description: 'Lists the armed faults with the uses they have left.',
    responses: { 200: jsonResponse('{data: [Fault]}') },
  }),
  clearFaults: createRoute({
    method: 'delete',
    path: '/sandbox/api/faults',
    operationId: 'clearFaults',
    tags: ['Providers and faults'],
    description: 'Clears every armed fault.',
    responses: { 204: { description: 'All faults cleared.' } },
  }),
  clock: createRoute({
    method: 'get',
    path: '/sandbox/api/clock',
    operationId: 'getClock',
    tags: ['Clock and reset'],
    description: "Reads the sandbox clock's now and its offset from wall time.",
    responses: { 200: jsonResponse('{now, offset_seconds}') },
  }),
  advance: createRoute({
    method: 'post',
    path: '/sandbox/api/clock/advance',
    operationId: 'advanceClock',
    tags: ['Clock and reset'],
    description: 'Moves the sandbox clock forward, for every account, and runs the work that fell due before answering.',
    request: { body: jsonBody(AdvanceClockBody) },
    responses: { 200: jsonResponse('{now}, after the work that fell due has run.') },
  }),
  reset: createRoute({
    method: 'post',
    path: '/sandbox/api/reset',
    operationId: 'resetSandbox',
    tags: ['Clock and reset'],
    description: 'Deletes every account, outage and fault, then makes the fixtures again; the body must confirm it.',
    request: { body: jsonBody(ResetBody) },
    responses: {
      200: jsonResponse(
        '{deleted_accounts, fixture_accounts}: every account with everything it owns, provider outages and faults are gone, then the fixtures the sandbox started with are made again; the clock stays where it is.',
      ),
    },
  }),
};

export function registerSystemControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.addFault, (c) => c.json({ ...ctx.faults.add(validBody(c, c.req.valid('json'))) }, 201));
  app.openapi(routes.listFaults, (c) => c.json({ data: ctx.faults.list() }, 200));
  app.openapi(routes.clearFaults, (c) => {
    ctx.faults.clear();
    return c.body(null, 204);
  });

  app.openapi(routes.clock, (c) => c.json({ now: ctx.clock.now().toISOString(), offset_seconds: ctx.clock.offsetMs() / 1000 }, 200));

  app.openapi(routes.advance, async (c) => {
    const { seconds } = validBody(c, c.req.valid('json'));
    const now = await ctx.clock.advance(seconds);
    return c.json({ now: now.toISOString() }, 200);
  });

  app.openapi(routes.reset, (c) => {
    validBody(c, c.req.valid('json'));
    return c.json(resetSandbox(ctx), 200);
  });
}
