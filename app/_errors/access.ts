import type { AccessRefusal } from '@/lib/auth/session';
import { crossOrigin, type ChangeRefusal, type CrossOrigin } from '@/lib/security/same-origin';
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
    message: `Changes are accepted only from the dashboard's own pages. ${crossOriginWords(access.refusal.from)}`,
    code: access.refusal.code,
    status: 403,
  };
  return Response.json({ error }, { status: 403 });
}

/** Where a refused request came from, in a sentence. The origin is cut to 100 characters: the request chose it. */
export function crossOriginWords(from: CrossOrigin): string {
  switch (from.why) {
    case 'fetch_site':
      return `The browser marked it as sent from ${from.site === 'none' ? 'outside any page' : `a ${from.site} page`}.`;
    case 'no_origin':
      return 'It carried neither Sec-Fetch-Site nor Origin, so where it came from is unknown.';
    case 'not_an_origin':
      return `Its Origin (“${from.origin.slice(0, 100)}”) is not an origin.`;
    case 'other_origin':
      return `It came from ${from.stated}, not from ${from.own}.`;
  }
}

/** Why this request may not change anything, as people read it, or null when it came from the dashboard's own pages. */
export function crossOriginProblem(request: Request): string | null {
  const from = crossOrigin(request);
  return from && crossOriginWords(from);
}
