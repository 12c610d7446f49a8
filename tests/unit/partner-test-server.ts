// A real HTTP server on an ephemeral port, so the client is tested through undici and sockets
// rather than a fetch mock that would hide timeouts, connection errors and header handling.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createPartnerClient, type PartnerClientOptions, type PartnerRequestInfo } from '@/lib/partner';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Strings are sent as is; anything else as JSON. */
  body?: unknown;
  delayMs?: number;
}

export type Responder = Reply[] | ((req: RecordedRequest) => Reply);

export interface TestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function listen(responder: Responder, port = 0): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const queue = Array.isArray(responder) ? [...responder] : undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(recorded);
      const reply =
        typeof responder === 'function'
          ? responder(recorded)
          : (queue?.shift() ?? { status: 599, body: { error: { message: 'test server ran out of replies' } } });
      const send = () => {
        if (res.destroyed) return;
        const payload = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status, {
          ...(typeof reply.body === 'object' && { 'Content-Type': 'application/json' }),
          ...reply.headers,
        });
        res.end(payload);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}`,
        port: bound,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A port that was free a moment ago and has nothing listening: connecting is refused. */
export async function closedPort(): Promise<number> {
  const s = await listen([]);
  await s.close();
  return s.port;
}

export const TEST_KEY = 'pk_live_0123456789abcdefABCDEF0123456789';

/** Servers started by a test, closed after each test of any file that imports this module. */
export const openServers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(openServers.splice(0).map((s) => s.close()));
});

/** A client with near-zero backoff pointed at a fresh server that answers with `responder`. */
export async function clientAgainst(responder: Responder, options: Partial<PartnerClientOptions> = {}) {
  const server = await listen(responder);
  openServers.push(server);
  const log: PartnerRequestInfo[] = [];
  const client = createPartnerClient({
    baseUrl: server.url,
    apiKey: TEST_KEY,
    retryBaseDelayMs: 1,
    onRequest: (info) => log.push(info),
    ...options,
  });
  return { client, requests: server.requests, log, url: server.url };
}
