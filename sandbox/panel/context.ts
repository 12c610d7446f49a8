import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { ControlClient, FetchLike } from '../control-client/client';
import { styleNonce } from '../http/security-headers';
import { layout, type Layout } from './layout';
import type { Session, Sessions } from './session';

export type PanelEnv = {
  Variables: AppEnv['Variables'] & { session: Session | undefined; csrf: string | undefined };
};

export type PanelContext = Context<PanelEnv>;

export interface PanelDeps {
  /** The control API with the admin token, in process: the panel's only way to change anything. */
  control: ControlClient;
  /** The app's own request function, used at sign-in to try the presented token on the control API. */
  fetchLike: FetchLike;
  sessions: Sessions;
}

export const PANEL = '/sandbox/panel';

/** A full panel page; signed-in pages get the navigation and sign-out form (which need the CSRF token). */
export function render(
  c: PanelContext,
  page: Omit<Layout, 'csrf' | 'nonce'>,
  status: 200 | 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 500 | 503 = 200,
) {
  return c.html(layout({ ...page, csrf: c.get('csrf'), nonce: styleNonce(c) }), status);
}

/** Status of a page that shows a failed control call: the control API's own, for tests and tools. */
export function pageStatus(status: number): 400 | 403 | 404 | 409 | 410 | 422 | 500 | 503 {
  const known = [400, 403, 404, 409, 410, 422, 500, 503] as const;
  return known.find((code) => code === status) ?? (status >= 500 ? 500 : 422);
}

export function csrfOf(c: PanelContext): string {
  const csrf = c.get('csrf');
  // Signed-in routes run behind the session middleware, which always sets it.
  if (csrf === undefined) throw new Error('panel page rendered without a session');
  return csrf;
}
