import { OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import type { AppEnv } from '../../http/env';
import { defaultHook } from '../../http/errors';
import { registerAttachmentRoutes } from './attachments';
import { registerChannelRoutes } from './channels';
import { registerMetaRoutes } from './meta';
import { registerRobotRoutes } from './robots';
import { registerRuleRoutes } from './rules';
import { registerTypingRoutes } from './typing';
import { registerUsageRoutes } from './usage';
import { registerWebhookRoutes } from './webhooks';
import { registerWebhookEvents } from './webhook-events';

const OPENAPI_PATH = '/v1/openapi.json';
const REFERENCE_PATH = '/v1/reference';
/** The API description is readable without a key. */
export const PUBLIC_V1_PATHS: ReadonlySet<string> = new Set([OPENAPI_PATH, REFERENCE_PATH]);

/**
 * Every /v1 route, declared with its zod schemas so the document at /v1/openapi.json is generated
 * from the same definitions that validate requests. Later issues add a register* call here.
 */
export function createV1App(ctx: SandboxContext): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key `pk_live_…` from the account panel.',
  });
  registerRobotRoutes(app, ctx);
  registerUsageRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerRuleRoutes(app, ctx);
  registerAttachmentRoutes(app, ctx);
  registerTypingRoutes(app, ctx);
  registerWebhookEvents(app);
  registerMetaRoutes(app);
  return app;
}
