import 'server-only';
import type { AuditAction } from '@/lib/audit/actions';
import { authorise, type SessionUser } from '@/lib/auth/session';
import type { DisplayError } from '@/lib/ui/display-error';

/**
 * Server actions refuse a request from another origin; route handlers get no such check from Next.
 * A page on another origin of the same site (another port, a sibling subdomain) still gets the
 * session cookie sent along, so every route handler that changes something asks for itself.
 */

const first = (value: string | null): string | undefined => value?.split(',')[0]?.trim() || undefined;

/** The origin this request was addressed to, as the browser saw it: the proxy's forwarded host and scheme, else its own. */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = first(request.headers.get('x-forwarded-host')) ?? first(request.headers.get('host')) ?? url.host;
  const scheme = first(request.headers.get('x-forwarded-proto')) ?? url.protocol.replace(/:$/, '');
  try {
    // Through URL, so a default port stated in Host ("example.com:443") compares equal to the browser's Origin.
    return new URL(`${scheme === 'https' ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return url.origin;
  }
}

/**
 * Why this request may not change anything, or null when it came from the dashboard's own pages:
 * `Sec-Fetch-Site` says so where the browser sends it; otherwise the `Origin` must be ours.
 */
export function crossOriginProblem(request: Request): string | null {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null)
    return site === 'same-origin' ? null : `The browser marked it as sent from ${site === 'none' ? 'outside any page' : `a ${site} page`}.`;
  const origin = request.headers.get('origin');
  if (origin === null) return 'It carried neither Sec-Fetch-Site nor Origin, so where it came from is unknown.';
  let stated: string;
  try {
    stated = new URL(origin).origin;
  } catch {
    return `Its Origin (“${origin.slice(0, 100)}”) is not an origin.`;
  }
  const own = requestOrigin(request);
  return stated === own ? null : `It came from ${stated}, not from ${own}.`;
}

export const CROSS_ORIGIN_CODE = 'cross_origin_request';

/** The 403 a cross-origin change gets, naming the reason. */
export function crossOriginRefusal(problem: string): Response {
  const error: DisplayError = {
    title: 'Refused: not sent from this dashboard',
    message: `Changes are accepted only from the dashboard's own pages. ${problem}`,
    code: CROSS_ORIGIN_CODE,
    status: 403,
  };
  return Response.json({ error }, { status: 403 });
}

/**
 * The gate of every route handler that changes something: a session (401, as every handler
 * answers), then a same-origin request (403), then the role (403, audited). The origin is checked
 * before the role so that another site cannot write refusals into a viewer's audit trail.
 */
export async function authoriseChangeRequest(
  request: Request,
  action: AuditAction,
): Promise<{ ok: true; user: SessionUser } | { ok: false; response: Response }> {
  const session = await authorise('view');
  if (!session.ok) return { ok: false, response: Response.json({ error: session.error }, { status: session.status }) };
  const problem = crossOriginProblem(request);
  if (problem) return { ok: false, response: crossOriginRefusal(problem) };
  const access = await authorise('change', action);
  if (!access.ok) return { ok: false, response: Response.json({ error: access.error }, { status: access.status }) };
  return { ok: true, user: access.user };
}
