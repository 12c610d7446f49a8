import { OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import type { AppEnv } from '../../http/env';
import { defaultHook } from '../../http/errors';
import { registerAccountClockControlRoutes } from './account-clock';
import { registerAccountControlRoutes } from './accounts';
import { registerAttachmentControlRoutes } from './attachments';
import { registerConversationControlRoutes } from './conversations';
import { registerEventControlRoutes } from './events';
import { registerHandshakeControlRoutes } from './handshakes';
import { registerPanelSupportControlRoutes } from './panel-support';
import { registerProviderControlRoutes } from './providers';
import { registerRequestLogControlRoutes } from './requests';
import { registerRobotControlRoutes } from './robots';
import { registerRuleControlRoutes } from './rules';
import { registerSimulationControlRoutes } from './simulation';
import { registerSystemControlRoutes } from './system';

export const CONTROL_OPENAPI_PATH = '/sandbox/api/openapi.json';

/** D24 control API: what the panel, the command line and the tests drive the sandbox with. */
export function createControlApp(ctx: SandboxContext): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook });
  registerAccountControlRoutes(app, ctx);
  registerRobotControlRoutes(app, ctx);
  registerPanelSupportControlRoutes(app, ctx);
  registerHandshakeControlRoutes(app, ctx);
  registerConversationControlRoutes(app, ctx);
  registerSimulationControlRoutes(app, ctx);
  registerProviderControlRoutes(app, ctx);
  registerSystemControlRoutes(app, ctx);
  registerRuleControlRoutes(app, ctx);
  registerAttachmentControlRoutes(app, ctx);
  registerRequestLogControlRoutes(app, ctx);
  registerEventControlRoutes(app, ctx);
  registerAccountClockControlRoutes(app, ctx);
  // The control API's own description (behind the admin token like every route here), so tools and
  // the hostile-input property test list every control route from one place.
  app.doc31(CONTROL_OPENAPI_PATH, {
    openapi: '3.1.0',
    info: { title: 'Partner API sandbox: control API (D24)', version: 'sandbox' },
    security: [{ adminToken: [] }],
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'SANDBOX_ADMIN_TOKEN.',
  });
  return app;
}
