import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { requireAccount } from '../../domain/accounts';
import type { AppEnv } from '../../http/env';
import { validBody } from '../../http/errors';
import { AdvanceClockBody, idParam, jsonBody, jsonResponse } from './schemas';

const accountParams = z.object({ account_id: idParam('account_id') });

const routes = {
  show: createRoute({
    method: 'get',
    path: '/sandbox/api/accounts/{account_id}/clock',
    operationId: 'getAccountClock',
    tags: ['Clock and reset'],
    description: "Reads an account's time and how far its own clock is ahead of the sandbox's.",
    request: { params: accountParams },
    responses: {
      200: jsonResponse(
        "{account_id, own_clock, now, offset_seconds, sandbox_now}: the account's time; `offset_seconds` is how far its own clock is ahead of the sandbox's (0 and `own_clock` false: it follows the sandbox's clock).",
      ),
    },
  }),
  advance: createRoute({
    method: 'post',
    path: '/sandbox/api/accounts/{account_id}/clock/advance',
    operationId: 'advanceAccountClock',
    tags: ['Clock and reset'],
    description: "Moves one account's own clock forward and runs that account's due work; no other account's time moves.",
    request: { params: accountParams, body: jsonBody(AdvanceClockBody) },
    responses: {
      200: jsonResponse(
        "{now}: the account's own clock moved forward (it has one from now on) and the account's work that fell due has run (its handshake expiries, webhook retries, reply queue, attachment discards, history purge); no other account's time moves.",
      ),
    },
  }),
};

function clockView(ctx: SandboxContext, accountId: string) {
  const offsetMs = ctx.clock.accountOffsetMs(accountId);
  return {
    account_id: accountId,
    own_clock: offsetMs > 0,
    now: ctx.clock.asAccount(accountId, () => ctx.clock.now()).toISOString(),
    offset_seconds: offsetMs / 1000,
    sandbox_now: ctx.clock.asSandbox(() => ctx.clock.now()).toISOString(),
  };
}

export function registerAccountClockControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(routes.show, (c) => {
    const { account_id } = c.req.valid('param');
    requireAccount(ctx, account_id);
    return c.json(clockView(ctx, account_id), 200);
  });

  app.openapi(routes.advance, async (c) => {
    const { account_id } = c.req.valid('param');
    requireAccount(ctx, account_id);
    const { seconds } = validBody(c, c.req.valid('json'));
    const now = await ctx.clock.advanceAccount(account_id, seconds);
    return c.json({ now: now.toISOString() }, 200);
  });
}
