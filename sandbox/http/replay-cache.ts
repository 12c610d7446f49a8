import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock';
import type { Faults } from '../domain/faults';
import { newId, pooledRandomBytes } from '../domain/ids';
import type { Store } from '../store/db';
import type { AccountRow } from '../store/schema';
import { incomingOf, requestAuthorization, soleAuthorization } from './authorization';
import type { AppEnv } from './env';
import type { RateLimiter } from './rate-limit';
import type { RequestLog } from './request-log';
import { arrivedOverTls } from './security-headers';

/**
 * Responses serialised once. A read route that answers the same bytes for as long as
 * the store is unchanged marks its answer with `replayable(c)`; the answer is kept, and the next
 * identical request (same Authorization header, same path and query) is answered from it before
 * Hono sees it, as long as nothing has been written to the store since (SQLite's own change
 * counters: `total_changes()` for this connection, `data_version` for any other process), the
 * route's own deadline has not passed, the key has not expired and no fault is injected.
 *
 * What every call still gets, exactly as on the full path: its own X-Request-Id (D1), a fresh CSP
 * nonce, its place in the rate limit with its RateLimit-* headers (D4); a call the limit refuses
 * takes the full path, which answers the 429.
 */
export interface ReplayCache {
  /** Outermost middleware: keeps a marked 200 answer. */
  capture: MiddlewareHandler<AppEnv>;
  /** Answers the request from a kept answer; false when it must take the full path. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

interface Kept {
  changes: readonly [number, number];
  untilMs: number;
  account: AccountRow;
  /** Name/value pairs without the per-call headers; `cspAt` indexes the CSP's value. */
  headers: string[];
  cspAt: number;
  body: Buffer;
}

const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Headers every call gets afresh, so they are not kept. */
const PER_CALL = new Set(['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'content-length', 'date']);
const NONCE = /'nonce-[^']*'/;

/**
 * Marks `answer`, which the route then sends with `c.json(answer, 200)`, as the same bytes until
 * `untilMs` on the sandbox clock or until the store changes. The kept bytes are `JSON.stringify` of
 * it, as `c.json` sends: reading them back from the response instead (`c.res.clone()`) turned
 * @hono/node-server's direct write of a string body into a read through web streams, about 0.3 ms
 * more on every answer that is kept.
 */
export function replayable(c: Context<AppEnv>, answer: unknown, untilMs = Number.POSITIVE_INFINITY): void {
  c.set('replay', { answer, untilMs });
}

const keyOf = (authorization: string, url: string) => `${authorization}\n${url}`;

export function createReplayCache(deps: {
  store: Store;
  clock: Clock;
  rateLimiter: RateLimiter;
  faults: Faults;
  requests: RequestLog;
}): ReplayCache {
  const kept = new Map<string, Kept>();
  let keptBytes = 0;

  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    keptBytes -= entry.body.length;
    kept.delete(key);
  };

  const keep = (key: string, entry: Kept) => {
    forget(key);
    // Oldest first (a Map iterates in insertion order).
    for (const oldest of kept.keys()) {
      if (kept.size < MAX_ENTRIES && keptBytes + entry.body.length <= MAX_BYTES) break;
      forget(oldest);
    }
    if (entry.body.length > MAX_BYTES) return;
    kept.set(key, entry);
    keptBytes += entry.body.length;
  };

  const capture: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== 'GET') return next();
    // Read before the route reads anything: a write made meanwhile leaves the kept answer stale at once.
    const changes = deps.store.changeCounters();
    await next();
    const replay = c.get('replay');
    const account = c.get('account');
    const authorization = requestAuthorization(c);
    const url = incomingOf(c.env)?.url;
    if (replay === undefined || !account || authorization === undefined || url === undefined) return;
    if (c.res.status !== 200 || arrivedOverTls(c.env)) return;

    const headers: string[] = [];
    let cspAt = -1;
    for (const [name, value] of c.res.headers) {
      if (PER_CALL.has(name)) continue;
      if (name === 'content-security-policy') cspAt = headers.length + 1;
      headers.push(name, value);
    }
    const body = Buffer.from(JSON.stringify(replay.answer));
    keep(keyOf(authorization, url), { changes, untilMs: replay.untilMs, account, headers, cspAt, body });
  };

  const serve = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (kept.size === 0 || request.method !== 'GET') return false;
    // Not `request.headers.authorization`, which is the first of two: two take the full path's 401.
    const authorization = soleAuthorization(request.rawHeaders);
    const url = request.url;
    if (authorization === undefined || url === undefined) return false;
    const key = keyOf(authorization, url);
    const entry = kept.get(key);
    if (!entry) return false;
    // A request with a body, or over TLS (HSTS), takes the full path.
    if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) return false;
    if ('encrypted' in request.socket && request.socket.encrypted === true) return false;

    const { account } = entry;
    // On the account's own clock when it has one, as its request through the app would be.
    const onItsClock = <T>(work: () => T): T => deps.clock.asAccount(account.id, work);
    const now = onItsClock(() => deps.clock.nowMs());
    const [changes, version] = deps.store.changeCounters();
    if (now >= entry.untilMs || changes !== entry.changes[0] || version !== entry.changes[1]) {
      forget(key);
      return false;
    }
    if (account.keyExpiresAt !== null && account.keyExpiresAt <= now) return false;
    if (!deps.faults.isEmpty()) return false;
    const rate = onItsClock(() => deps.rateLimiter.admit(account));
    if (!rate) return false;

    const headers = entry.headers.slice();
    if (entry.cspAt >= 0)
      headers[entry.cspAt] = (headers[entry.cspAt] ?? '').replace(NONCE, `'nonce-${pooledRandomBytes(16).toString('base64')}'`);
    const requestId = newId.request();
    deps.requests.note(request, { requestId, accountId: account.id });
    headers.push('x-request-id', requestId, ...rate, 'content-length', String(entry.body.length));
    response.writeHead(200, headers);
    response.end(entry.body);
    return true;
  };

  return { capture, serve };
}
