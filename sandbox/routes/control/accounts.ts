import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import {
  accountView,
  createAccount,
  listAccounts,
  patchAccount,
  requireAccount,
  rotateKey,
  rotateWebhookSecret,
} from '../../domain/accounts';
import { deleteAccount } from '../../domain/account-removal';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { CreateAccountBody, idParam, jsonBody, jsonResponse, PatchAccountBody } from './schemas';

const accountParams = z.object({ account_id: idParam('account_id') });

const routes = {
  create: createRoute({
    method: 'post',
    path: '/sandbox/api/accounts',
    operationId: 'createAccount',
    tags: ['Accounts'],
    description: 'Creates a partner account; the answer shows its API key and webhook secret, the key this once.',
    request: { body: jsonBody(CreateAccountBody) },
    responses: { 201: jsonResponse('{account_id, api_key, webhook_secret}; the key is shown this once.') },
  }),
  list: createRoute({
    method: 'get',
    path: '/sandbox/api/accounts',
    operationId: 'listAccounts',
    tags: ['Accounts'],
    description: 'Lists every account with its plan, roles, webhook and key dates (never the key).',
    responses: { 200: jsonResponse('{data: [Account]}') },
  }),
  get: createRoute({
    method: 'get',
    path: '/sandbox/api/accounts/{account_id}',
    operationId: 'getAccount',
    tags: ['Accounts'],
    description: 'Reads one account (never its key).',
    request: { params: accountParams },
    responses: { 200: jsonResponse('Account, never the key.') },
  }),
  patch: createRoute({
    method: 'patch',
    path: '/sandbox/api/accounts/{account_id}',
    operationId: 'patchAccount',
    tags: ['Accounts'],
    description: "Changes an account's plan, capacity, rate limit, roles, return URL, webhook, key expiry, lapse or attachment exclusions.",
    request: { params: accountParams, body: jsonBody(PatchAccountBody) },
    responses: { 200: jsonResponse('Account, never the key.') },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/sandbox/api/accounts/{account_id}',
    operationId: 'deleteAccount',
    tags: ['Accounts'],
    description: 'Deletes the account with everything it owns, in one transaction; its key answers 401 at once.',
    request: { params: accountParams },
    responses: { 204: { description: 'The account and everything it owns are gone; its key answers 401.' } },
  }),
  rotateKey: createRoute({
    method: 'post',
    path: '/sandbox/api/accounts/{account_id}/keys/rotate',
    operationId: 'rotateKey',
    tags: ['Accounts'],
    description: 'Issues a new API key; the previous one answers 401 from then on.',
    request: { params: accountParams },
    responses: { 201: jsonResponse('{api_key}; the previous key answers 401 from now on.') },
  }),
  rotateWebhookSecret: createRoute({
    method: 'post',
    path: '/sandbox/api/accounts/{account_id}/webhook-secret/rotate',
    operationId: 'rotateWebhookSecret',
    tags: ['Accounts'],
    description: 'Issues a new webhook signing secret; the previous one keeps signing alongside for 24 hours.',
    request: { params: accountParams },
    responses: { 201: jsonResponse('{webhook_secret}') },
  }),
};

export function registerAccountControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.create, (c) => c.json(createAccount(ctx, validBody(c, c.req.valid('json'))), 201));

  app.openapi(routes.list, (c) => c.json({ data: listAccounts(ctx).map((account) => accountView(ctx, account)) }, 200));

  app.openapi(routes.get, (c) => c.json(accountView(ctx, requireAccount(ctx, c.req.valid('param').account_id)), 200));

  app.openapi(routes.patch, (c) => {
    const { account_id } = c.req.valid('param');
    requireAccount(ctx, account_id);
    const updated = patchAccount(ctx, account_id, validBody(c, c.req.valid('json')));
    return c.json(accountView(ctx, updated), 200);
  });

  app.openapi(routes.delete, (c) => {
    deleteAccount(ctx, c.req.valid('param').account_id);
    return c.body(null, 204);
  });

  app.openapi(routes.rotateKey, (c) => c.json(rotateKey(ctx, c.req.valid('param').account_id), 201));

  app.openapi(routes.rotateWebhookSecret, (c) => c.json(rotateWebhookSecret(ctx, c.req.valid('param').account_id), 201));
}
