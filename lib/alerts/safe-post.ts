import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkUrl, decideAddresses, type AddressPolicyOptions } from './address-policy';

/**
 * Posts JSON to an admin-configured URL (Slack, Microsoft Teams, any JSON receiver) without letting
 * that URL reach the server's private network: the host is resolved once, every address is
 * checked, and the socket is opened to the checked address only. Redirects are reported, never
 * followed. docs/dashboard/alert-destinations-safety.md.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name has; the default asks the system resolver, like a connection would. */
export type Resolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export interface PostOptions extends AddressPolicyOptions {
  /** The whole attempt, resolving included; default 5 s. */
  timeoutMs?: number;
  resolve?: Resolver;
}

export type PostFailureReason = 'refused_address' | 'bad_url' | 'redirect' | 'timeout' | 'http_status' | 'network';

export type PostResult =
  { ok: true; status: number } | { ok: false; reason: PostFailureReason; message: string; status?: number; bodyExcerpt?: string };

export const DEFAULT_TIMEOUT_MS = 5_000;
/** Enough of a refusal's body to say why (Slack answers "invalid_token", Teams a short JSON). */
export const EXCERPT_BYTES = 2_048;

export const systemResolver: Resolver = (host) => systemLookup(host, { all: true });

export async function postJson(url: string, payload: object, options: PostOptions = {}): Promise<PostResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const checked = checkUrl(url, options);
  if (!checked.ok) return failure('bad_url', checked.message);

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    let addresses: readonly ResolvedAddress[];
    if (checked.literal) {
      addresses = [{ address: checked.host, family: isIP(checked.host) }];
    } else {
      try {
        addresses = await untilAborted((options.resolve ?? systemResolver)(checked.host), deadline.signal);
      } catch (error) {
        if (deadline.signal.aborted) return timedOut(timeoutMs);
        return failure('network', `could not find the host ${checked.host} (${errorCode(error)})`);
      }
    }
    const decision = decideAddresses(
      addresses.map((a) => a.address),
      checked.protocol,
      options,
      checked.literal ? 'points at' : 'resolves to',
    );
    if (!decision.ok) return failure('refused_address', decision.message);
    const [target] = addresses;
    if (!target) return failure('refused_address', 'the host has no address');
    return await send(checked.url, checked.protocol, target.address, JSON.stringify(payload), deadline.signal, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A `lookup` for the socket that answers only the address already checked. Node would otherwise
 * resolve the name again when connecting, and a name whose answers change between the two
 * look-ups (DNS rebinding) would reach an address nobody checked. The hostname stays on the
 * request, so TLS still verifies the certificate against it and sends it as SNI.
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    // With autoSelectFamily (Node's default) net asks for every address at once.
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function send(
  url: URL,
  protocol: 'http:' | 'https:',
  address: string,
  body: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PostResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = (protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(address),
        // A pooled socket may have been opened under another check; each post gets its own.
        agent: false,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          const location = response.headers.location;
          const where = location ? `redirected to ${location.slice(0, 200)}` : 'redirected elsewhere';
          settle(failure('redirect', `the destination answered ${status}, ${where}; alerts do not follow redirects`, { status }));
          return;
        }
        if (status >= 200 && status < 300) {
          // The answer's body says nothing we need, and reading it would only let it be large.
          response.destroy();
          settle({ ok: true, status });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const bodyExcerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').trim();
          settle(failure('http_status', `the destination answered ${status}`, { status, bodyExcerpt }));
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    request.on('error', (error) => {
      settle(signal.aborted ? timedOut(timeoutMs) : failure('network', `could not reach the destination: ${error.message}`));
    });
    request.end(body);
  });
}

export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function failure(reason: PostFailureReason, message: string, extra: { status?: number; bodyExcerpt?: string } = {}): PostResult {
  return { ok: false, reason, message, ...extra };
}

function timedOut(timeoutMs: number): PostResult {
  const limit = timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  return failure('timeout', `the destination did not answer within ${limit}`);
}

function errorCode(error: unknown): string {
  if (error instanceof Error) return 'code' in error && typeof error.code === 'string' ? error.code : error.message;
  return String(error);
}
