import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireAccount } from '../../domain/accounts';
import { simulateHistory } from '../../domain/simulate-history';
import { listSimulators, setSimulator } from '../../domain/simulator';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { SimulateHistoryBody, SimulatorBody } from './conversation-schemas';
import { idParam, jsonBody, jsonResponse } from './schemas';

const routes = {
  history: createRoute({
    method: 'post',
    path: '/sandbox/api/accounts/{account_id}/simulate-history',
    operationId: 'simulateHistory',
    tags: ['Simulation'],
    description: 'Adds simulated past conversations to every robot of an account.',
    request: { params: z.object({ account_id: idParam('account_id') }), body: jsonBody(SimulateHistoryBody) },
    responses: { 201: jsonResponse('{account_id, robots, conversations, messages, from, to}') },
  }),
  setSimulator: createRoute({
    method: 'post',
    path: '/sandbox/api/simulator',
    operationId: 'setSimulator',
    tags: ['Simulation'],
    description: "Starts, re-paces or stops an account's live traffic simulator.",
    request: { body: jsonBody(SimulatorBody) },
    responses: { 200: jsonResponse('{account_id, enabled, interval_seconds, steps, open_conversations}') },
  }),
  listSimulators: createRoute({
    method: 'get',
    path: '/sandbox/api/simulator',
    operationId: 'listSimulators',
    tags: ['Simulation'],
    description: 'Lists the live traffic simulators that are running.',
    responses: { 200: jsonResponse('{data: [Simulator]}') },
  }),
};

export function registerSimulationControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.history, (c) => {
    const { account_id } = c.req.valid('param');
    requireAccount(ctx, account_id);
    return c.json(simulateHistory(ctx, account_id, validBody(c, c.req.valid('json'))), 201);
  });

  app.openapi(routes.setSimulator, (c) => c.json(setSimulator(ctx, validBody(c, c.req.valid('json'))), 200));

  app.openapi(routes.listSimulators, (c) => c.json({ data: listSimulators(ctx) }, 200));
}
