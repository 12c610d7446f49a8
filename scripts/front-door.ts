/**
 * What the server in front of Next does to every request before Next sees it, besides settling the
 * client's address: the fixed security headers go on every answer (pages, redirects, route
 * handlers, error pages, static files), HSTS whenever the public origin is HTTPS; and when the
 * operator fixed the public origin (AUTH_URL), a request that arrives under another host or scheme
 * is refused with the header to set. Next would otherwise fail it deep inside a server action
 * ("Invalid Server Actions request", a 500) or build redirects and cookies for the wrong origin.
 */
import type http from 'node:http';
import { forwardedParts, type HeaderReader } from '../lib/http/forwarded-origin';
import { HSTS, STATIC_SECURITY_HEADERS } from '../lib/security/headers';

/** Reached by machines, often straight from a load balancer's health check or an unconfigured proxy: no origin to keep. */
const MACHINE_PATHS = ['/api/health', '/api/webhooks/partner'];

const PROXY_GUIDE = 'docs/dashboard/behind-a-proxy.md';

const reader =
  (headers: http.IncomingHttpHeaders): HeaderReader =>
  (name) =>
    headers[name];

/** The scheme and host the browser used, as far as this request tells; the server itself speaks plain HTTP. */
function arrivedAs(headers: http.IncomingHttpHeaders) {
  return forwardedParts(reader(headers), { scheme: 'http', host: '' });
}

/** Headers every answer carries; HSTS when the public origin, fixed or forwarded, is HTTPS. */
export function answerHeaders(headers: http.IncomingHttpHeaders, publicUrl: URL | null): [string, string][] {
  const https = publicUrl ? publicUrl.protocol === 'https:' : arrivedAs(headers).scheme === 'https';
  return [
    ...STATIC_SECURITY_HEADERS.map(({ key, value }): [string, string] => [key, value]),
    ...(https ? [[HSTS.key, HSTS.value] as [string, string]] : []),
  ];
}

/**
 * Why this request is refused, or null: with a fixed public origin, a request for another host or
 * scheme means the proxy in front does not forward what the browser used, and the message names
 * the header to set.
 */
export function originRefusal(headers: http.IncomingHttpHeaders, path: string, publicUrl: URL | null): string | null {
  if (publicUrl === null) return null;
  // Dot segments resolved first, as Next resolves them: `/api/health/../../login` is the sign-in page.
  const pathname = new URL(path, 'http://resolve.invalid').pathname;
  if (MACHINE_PATHS.includes(pathname)) return null;
  const { scheme, host } = arrivedAs(headers);
  const expected = `the dashboard's public origin is ${publicUrl.origin} (AUTH_URL)`;
  if (`${scheme}:` !== publicUrl.protocol) {
    return (
      `This request arrived over ${scheme}, but ${expected}. The proxy in front must say which scheme the browser used: ` +
      `set the X-Forwarded-Proto header (nginx: proxy_set_header X-Forwarded-Proto $scheme;). See ${PROXY_GUIDE}.`
    );
  }
  let arrivedHost: string;
  try {
    arrivedHost = new URL(`${scheme}://${host}`).host;
  } catch {
    arrivedHost = host;
  }
  if (arrivedHost !== publicUrl.host) {
    return (
      `This request arrived for host "${host}", but ${expected}. The proxy in front must pass the host the browser used: ` +
      `set the X-Forwarded-Host header (nginx: proxy_set_header X-Forwarded-Host $http_host;). See ${PROXY_GUIDE}.`
    );
  }
  return null;
}

/** Puts the headers on the answer before Next writes it (Next's own headers of the same name win), or answers the refusal. */
export function frontDoor(request: http.IncomingMessage, response: http.ServerResponse, publicUrl: URL | null): 'refused' | 'pass' {
  for (const [key, value] of answerHeaders(request.headers, publicUrl)) response.setHeader(key, value);
  const refusal = originRefusal(request.headers, request.url ?? '/', publicUrl);
  if (refusal === null) return 'pass';
  response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`400 Bad Request\n\n${refusal}\n`);
  return 'refused';
}
