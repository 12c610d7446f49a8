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

/** Every tag the control operations use, in the order of the panel and the command line. */
const CONTROL_TAGS = [
  { name: 'Accounts', description: 'Partner accounts: plan, roles, key, webhook; create, change, rotate, delete.' },
  { name: 'Robots and channels', description: 'Robots of an account and the channels the panel adds or removes.' },
  {
    name: 'Handshakes and rules',
    description: 'Decide social-DM handshakes as the consent screen would; automation rules of a social-DM channel.',
  },
  {
    name: 'Conversations',
    description: 'Conversations and messages as end customers and robots make them, replies in the queue, attachments.',
  },
  { name: 'Events', description: "Make events happen for real, and read an account's events with the signed request of their delivery." },
  { name: 'Simulation', description: 'Simulated history and the live traffic simulator.' },
  { name: 'Providers and faults', description: 'Provider outages on the sandbox clock, and faults injected into /v1 answers.' },
  { name: 'Clock and reset', description: "The sandbox clock and accounts' own clocks, which only move forward; the guarded reset." },
  { name: 'Requests', description: "An account's most recent /v1 requests." },
];

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
  // `servers` and the contact are the origin this request reached, as in the /v1 document.
  app.doc31(CONTROL_OPENAPI_PATH, (c) => {
    const { origin } = new URL(c.req.url);
    return {
      openapi: '3.1.0',
      info: {
        title: 'Partner API sandbox: control API (D24)',
        version: 'sandbox',
        description:
          'What the panel, the command line and test suites drive the sandbox with: accounts and their plans, robots and channels, handshake decisions, conversations and events, simulated traffic, provider outages and faults, and the clocks. Every operation needs the admin token (`SANDBOX_ADMIN_TOKEN`) as a bearer token; errors use the same envelope as /v1.',
        contact: { name: 'Partner API sandbox', url: `${origin}/` },
      },
      servers: [{ url: origin, description: 'This sandbox.' }],
      security: [{ adminToken: [] }],
      tags: CONTROL_TAGS,
    };
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'adminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'SANDBOX_ADMIN_TOKEN.',
  });
  return app;
}
