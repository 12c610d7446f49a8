import http from 'node:http';
import https from 'node:https';

/** What one delivery attempt got back; `status` is null when no HTTP answer came at all. */
export interface PostOutcome {
  status: number | null;
  /** The first RESPONSE_BODY_LIMIT bytes of the answer (UTF-8), null without an answer. */
  body: string | null;
  durationMs: number;
  error: string | null;
}

const RESPONSE_BODY_LIMIT = 4096;

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** Kept-alive connections, owned by the dispatcher and destroyed when it stops, so nothing outlives the sandbox. */
export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
}

export function createWebhookAgents(maxSocketsPerOrigin: number): WebhookAgents {
  const options = { keepAlive: true, maxSockets: maxSocketsPerOrigin, maxFreeSockets: maxSocketsPerOrigin };
  return { http: new http.Agent(options), https: new https.Agent(options) };
}

/**
 * One POST with a hard deadline covering connect, answer and the first 4 KiB of the body.
 * Redirects are never followed (a 3xx is an answer like any other). A connection is reused only
 * after an answer read to its end; one cut short (deadline, oversized body, error) is destroyed.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal,
  agents?: WebhookAgents,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<PostOutcome>((resolve) => {
    let request: http.ClientRequest | undefined;
    let settled = false;
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error: string | null, complete = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      const text = status === null ? null : Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
      resolve({ status, body: text, durationMs: elapsed(), error });
      if (!complete) request?.destroy();
    };
    const onAbort = () => finish('the sandbox stopped during the attempt');

    try {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      request = client.request(target, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: agents ? (target.protocol === 'https:' ? agents.https : agents.http) : false,
      });
    } catch (error) {
      // A malformed URL or header value: no request left the sandbox.
      settled = true;
      resolve({ status: null, body: null, durationMs: elapsed(), error: describe(error) });
      return;
    }
    const timer = setTimeout(() => {
      // An answer whose status came in time but whose body dragged on still counts by its status.
      finish(status === null ? `timed out after ${timeoutMs} ms without an answer` : `body read cut at ${timeoutMs} ms`);
    }, timeoutMs);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);

    request.on('response', (response) => {
      status = response.statusCode ?? null;
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= RESPONSE_BODY_LIMIT) finish(null);
      });
      response.on('end', () => finish(null, true));
      response.on('error', (error) => finish(describe(error)));
      response.on('close', () => finish(null));
    });
    request.on('error', (error) => finish(describe(error)));
    request.end(body);
  });
}
