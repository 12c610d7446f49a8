import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { incomingOf } from './authorization';
import type { AppEnv } from './env';

/** One request as the log keeps it: never a header, a body or a query value that could hold a secret. */
export interface LoggedRequest {
  /** Sandbox clock time the request arrived (the clock the Date header and every timestamp use). */
  at: string;
  account_id: string | null;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string | null;
}

export interface RequestLog {
  /** Watches one request reaching the Node server; logs it once its answer is sent. */
  watch(request: IncomingMessage, response: ServerResponse): void;
  /** What a request's handler learnt: its id and, once its key is checked, its account. */
  note(request: IncomingMessage, seen: { requestId?: string; accountId?: string }): void;
  /** The account's most recent requests, newest first. */
  recent(accountId: string, limit?: number): LoggedRequest[];
  /** Drops what is kept of one account (deleted), or of every account (a reset). */
  forget(accountId?: string): void;
  /** Hono middleware passing the request id and the account to `note`. */
  middleware: MiddlewareHandler<AppEnv>;
}

/** Per account, in memory: enough to see what an integration just did, bounded whatever it sends. */
export const KEPT_PER_ACCOUNT = 200;

const MAX_PATH = 512;
const LOGGED = /^\/(?:v1|sandbox\/api)(?:\/|$)/;
/** The control API's account routes name their account in the path. */
const CONTROL_ACCOUNT = /^\/sandbox\/api\/accounts\/([A-Za-z0-9_-]{1,64})(?:[/?]|$)/;

/**
 * The query's names are kept (they say what was asked), its values are not: a caller may put a
 * key or a token in one, and no list of "secret" names is ever complete.
 */
export function loggedPath(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0] ?? ''}=…`);
  return names.length === 0 ? url.slice(0, at) : `${url.slice(0, at)}?${names.join('&')}`;
}

export function formatLine(entry: LoggedRequest): string {
  return [
    entry.at,
    entry.account_id ?? '-',
    entry.method,
    entry.path,
    entry.status,
    `${entry.duration_ms}ms`,
    entry.request_id ?? '-',
  ].join(' ');
}

interface Seen {
  requestId?: string;
  accountId?: string;
}

export function createRequestLog(options: { now: () => Date; print?: ((line: string) => void) | undefined }): RequestLog {
  const byAccount = new Map<string, LoggedRequest[]>();
  // Keyed by the Node request, which outlives both the path served before Hono and Hono's context.
  const seen = new WeakMap<IncomingMessage, Seen>();

  const keep = (entry: LoggedRequest) => {
    if (entry.account_id === null || !entry.path.startsWith('/v1')) return;
    let ring = byAccount.get(entry.account_id);
    if (!ring) byAccount.set(entry.account_id, (ring = []));
    ring.push(entry);
    if (ring.length > KEPT_PER_ACCOUNT) ring.shift();
  };

  const watch = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if (!LOGGED.test(url)) return;
    const started = performance.now();
    const at = options.now().toISOString();
    response.once('finish', () => {
      const noted = seen.get(request) ?? {};
      // A hostile path can be any length; the line stays readable.
      const path = loggedPath(url).slice(0, MAX_PATH);
      const accountId = noted.accountId ?? CONTROL_ACCOUNT.exec(url)?.[1] ?? null;
      const entry: LoggedRequest = {
        at,
        account_id: accountId,
        method: request.method ?? '',
        path,
        status: response.statusCode,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        request_id: noted.requestId ?? null,
      };
      keep(entry);
      options.print?.(formatLine(entry));
    });
  };

  const note = (request: IncomingMessage, update: Seen) => {
    seen.set(request, { ...seen.get(request), ...update });
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const incoming = incomingOf(c.env);
    // In process (the panel's own calls to the control API) there is no Node request to log.
    if (incoming === undefined) return next();
    note(incoming, { requestId: c.get('requestId') });
    await next();
    const account = c.get('account');
    if (account) note(incoming, { accountId: account.id });
  };

  const recent = (accountId: string, limit = KEPT_PER_ACCOUNT) => (byAccount.get(accountId) ?? []).slice(-limit).reverse();

  const forget = (accountId?: string) => {
    if (accountId === undefined) byAccount.clear();
    else byAccount.delete(accountId);
  };

  return { watch, note, recent, forget, middleware };
}
