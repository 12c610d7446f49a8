import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from './env';

// Which Authorization header a request carries, read the same way by the replay cache (ahead of
// Hono) and by the key checks (inside it). Two headers are ambiguous — which key is the caller's? —
// so they count as none, and every path refuses them alike. Left to themselves the two paths
// disagreed: Node's `request.headers` keeps only the first header, the Fetch `Headers` Hono reads
// joins both.

/** The one Authorization header among Node's `rawHeaders`; undefined when there are none or several. */
export function soleAuthorization(rawHeaders: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? '';
    if (name.length !== 13 || name.toLowerCase() !== 'authorization') continue;
    if (found !== undefined) return undefined;
    found = rawHeaders[i + 1] ?? '';
  }
  return found;
}

/** The Node request under a Hono context served by @hono/node-server; undefined in process (`app.request`). */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  return env.incoming as IncomingMessage;
}

/** The request's one Authorization header (see above). In process there is no raw list; the panel sends one. */
export function requestAuthorization(c: Context<AppEnv>): string | undefined {
  const incoming = incomingOf(c.env);
  return incoming === undefined ? c.req.header('Authorization') : soleAuthorization(incoming.rawHeaders);
}
