import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { decideHandshake, findHandshakeByChannel, type Decision } from '../../domain/handshakes';
import type { AppEnv } from '../../http/env';
import { ApiError, notFound } from '../../http/api-error';
import { idParam, jsonResponse } from './schemas';

const decisionRoute = (decision: Decision) =>
  createRoute({
    method: 'post',
    path: `/sandbox/api/handshakes/{channel_id}/${decision}`,
    operationId: `${decision}Handshake`,
    tags: ['Handshakes and rules'],
    description: `${decision === 'approve' ? 'Approves' : 'Denies'} a pending social-DM handshake as the page owner would on the consent screen.`,
    request: { params: z.object({ channel_id: idParam('channel_id') }) },
    responses: { 200: jsonResponse('{status, redirect_url}: what the consent screen does and where it sends the browser.') },
  });

/**
 * D24: approve or deny a social_dm handshake as the page owner would on the consent screen (same
 * domain function), answering where the browser would be sent instead of redirecting.
 */
export function registerHandshakeControlRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  for (const decision of ['approve', 'deny'] as const) {
    app.openapi(decisionRoute(decision), (c) => {
      const { channel_id } = c.req.valid('param');
      const handshake = findHandshakeByChannel(ctx, channel_id);
      if (!handshake) throw notFound('handshake');
      const result = decideHandshake(ctx, handshake.token, decision);
      if (!result) throw notFound('handshake');
      if (result.kind === 'expired') {
        // The consent screen answers 410 here too, linking back with status=expired.
        throw new ApiError('handshake_expired', 'The handshake expired before it was answered.', {
          expired_at: result.expiredAt,
          status: 'expired',
          redirect_url: result.redirectUrl,
        });
      }
      if (result.kind === 'finished') {
        throw new ApiError('not_found', `The handshake already ended (${result.status}); there is nothing to ${decision}.`, {
          status: result.status,
          redirect_url: result.redirectUrl,
        });
      }
      return c.json({ status: result.status, redirect_url: result.redirectUrl }, 200);
    });
  }
}
