import { Hono } from 'hono';
import { registerAccountActions } from './account-actions';
import { registerAccountLifecycle } from './account-lifecycle';
import { registerAccountList } from './accounts-list';
import { panelForms, panelHeaders, requireSession } from './auth';
import { registerClock } from './clock-page';
import type { PanelDeps, PanelEnv } from './context';
import { PANEL } from './context';
import { createControlClient, type FetchLike } from '../control-client/client';
import { registerLogin } from './login';
import { registerRobotActions } from './robot-actions';
import { createSessions } from './session';

/**
 * The sandbox panel (D23): server-rendered pages, built on the control API (D24) called in
 * process with the admin token, so its validation and errors are the control API's own.
 */
export function createPanelApp(fetchLike: FetchLike, adminToken: string): Hono<PanelEnv> {
  const deps: PanelDeps = {
    control: createControlClient(fetchLike, '', adminToken),
    fetchLike,
    sessions: createSessions(),
  };
  const app = new Hono<PanelEnv>();
  app.use(`${PANEL}/*`, panelHeaders, ...panelForms, requireSession(deps));
  registerLogin(app, deps);
  registerAccountList(app, deps);
  registerAccountActions(app, deps);
  registerAccountLifecycle(app, deps);
  registerRobotActions(app, deps);
  registerClock(app, deps);
  return app;
}
