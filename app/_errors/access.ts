import type { AccessRefusal } from '@/lib/auth/session';
import type { ChangeRefusal } from '@/lib/security/same-origin';
import type { DisplayError } from './display-error';

export const SESSION_ENDED: DisplayError = {
  title: 'Your session ended — sign in again',
  message:
    'You were signed out (in another tab, or the session expired). Nothing was changed; what you typed is kept. Sign in again and retry.',
  sessionEnded: true,
  status: 401,
};

/** A refusal of `authorise` as the person reads it; the client treats `sessionEnded` as "sign in again". */
export function accessRefusal(refusal: AccessRefusal): DisplayError {
  if (refusal.code === 'signed_out') return SESSION_ENDED;
  return {
    title: 'Not allowed',
    message: `Your role (${refusal.role}) can view but not change anything. Ask an admin to do this.`,
    status: 403,
  };
}

/** A route handler's refusal: the wording above under the status `authorise` chose. */
export function accessRefusalResponse(access: { status: 401 | 403; refusal: AccessRefusal }): Response {
  return Response.json({ error: accessRefusal(access.refusal) }, { status: access.status });
}

/** The change gate's refusal of a route handler; a cross-origin request is told why it was refused. */
export function changeRefusalResponse(access: { status: 401 | 403; refusal: ChangeRefusal }): Response {
  if (access.refusal.code !== 'cross_origin_request') return accessRefusalResponse({ status: access.status, refusal: access.refusal });
  const error: DisplayError = {
    title: 'Refused: not sent from this dashboard',
    message: `Changes are accepted only from the dashboard's own pages. ${access.refusal.problem}`,
    code: access.refusal.code,
    status: 403,
  };
  return Response.json({ error }, { status: 403 });
}
