import 'server-only';
import type { AuditAction } from '@/lib/audit/actions';
import { authorise, type AccessRefusal, type SessionUser } from '@/lib/auth/session';
import { forwardedOrigin } from '@/lib/http/forwarded-origin';

/**
 * Server actions refuse a request from another origin; route handlers get no such check from Next.
 * A page on another origin of the same site (another port, a sibling subdomain) still gets the
 * session cookie sent along, so every route handler that changes something asks for itself.
 */

/** The origin this request was addressed to, as the browser saw it: the proxy's forwarded host and scheme, else its own. */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  return forwardedOrigin((name) => request.headers.get(name), { scheme: url.protocol.replace(/:$/, ''), host: url.host }) ?? url.origin;
}

/** Where a refused request came from, as the browser told it; app/_errors/access.ts words it. */
export type CrossOrigin =
  | { why: 'fetch_site'; site: string }
  | { why: 'no_origin' }
  | { why: 'not_an_origin'; origin: string }
  | { why: 'other_origin'; stated: string; own: string };

/**
 * Why this request may not change anything, or null when it came from the dashboard's own pages:
 * `Sec-Fetch-Site` says so where the browser sends it; otherwise the `Origin` must be ours.
 */
export function crossOrigin(request: Request): CrossOrigin | null {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' ? null : { why: 'fetch_site', site };
  const origin = request.headers.get('origin');
  if (origin === null) return { why: 'no_origin' };
  let stated: string;
  try {
    stated = new URL(origin).origin;
  } catch {
    return { why: 'not_an_origin', origin };
  }
  const own = requestOrigin(request);
  return stated === own ? null : { why: 'other_origin', stated, own };
}

/** Why the change gate refused: the session or role, or a request from another origin. */
export type ChangeRefusal = AccessRefusal | { code: 'cross_origin_request'; from: CrossOrigin };

/**
 * The gate of every route handler that changes something: a session (401, as every handler
 * answers), then a same-origin request (403), then the role (403, audited). The origin is checked
 * before the role so that another site cannot write refusals into a viewer's audit trail.
 */
export async function authoriseChangeRequest(
  request: Request,
  action: AuditAction,
): Promise<{ ok: true; user: SessionUser } | { ok: false; status: 401 | 403; refusal: ChangeRefusal }> {
  const session = await authorise('view');
  if (!session.ok) return session;
  const from = crossOrigin(request);
  if (from) return { ok: false, status: 403, refusal: { code: 'cross_origin_request', from } };
  return authorise('change', action);
}
