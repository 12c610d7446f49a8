import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll } from 'vitest';
import { expectStatus, setUpSandbox, type Json, type TestSandbox } from './support';

export interface Received {
  /** Path and query the request was sent to. */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Wall-clock time the request arrived. */
  wallMs: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (the socket stays open until the receiver closes). */
  hang?: boolean;
  /** Answer after this many ms. */
  delayMs?: number;
}

/** A real local webhook endpoint on a random port that records every request. */
export class Receiver {
  readonly requests: Received[] = [];
  private answer: (request: Received, index: number) => Answer = () => ({ status: 200, body: 'ok' });
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer();

  constructor() {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
        const received = { path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8'), wallMs: Date.now() };
        const index = this.requests.push(received) - 1;
        const answer = this.answer(received, index);
        if (answer.hang) return;
        const send = () => {
          res.writeHead(answer.status, answer.headers ?? {});
          res.end(answer.body ?? '');
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
  }

  listen(): Promise<void> {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  respond(answer: (request: Received, index: number) => Answer): void {
    this.answer = answer;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The sandbox and a webhook receiver of one test file: both up before its first test, the sandbox
 * stopped and then the receiver closed after its last.
 */
export function setUpSandboxAndReceiver(options: Parameters<typeof setUpSandbox>[0] = {}): { sandbox: TestSandbox; receiver: Receiver } {
  const receiver = new Receiver();
  beforeAll(() => receiver.listen());
  // Registered before the sandbox's hooks, so it closes after the sandbox stops (after-hooks run in reverse).
  afterAll(() => receiver.close());
  return { sandbox: setUpSandbox(options), receiver };
}

export { freePort } from '../../scripts/free-port';

/** Polls until `probe` returns a value (not undefined), failing after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Verifies with the standardwebhooks library, as a partner's endpoint would; throws when it fails. */
export function verify(secret: string, request: Received): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': request.headers['webhook-id'] ?? '',
    'webhook-timestamp': request.headers['webhook-timestamp'] ?? '',
    'webhook-signature': request.headers['webhook-signature'] ?? '',
  });
}

export interface Attempt {
  attempt: number;
  attempted_at: string;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
}

export interface Delivery {
  delivery_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  created_at: string;
  next_attempt_at: string | null;
  attempts: Attempt[];
  payload: Json & { id: string; type: string; data: Json };
}

export interface DeliveryList {
  data: Delivery[];
  pagination: { limit: number; offset: number; total_count: number; has_more: boolean };
}

export async function getDelivery(sandbox: TestSandbox, key: string, id: string): Promise<Delivery> {
  const result = await sandbox.api<Delivery>(key, `/v1/webhooks/deliveries/${id}`);
  expectStatus(result, 200);
  return result.body;
}

/** Waits until the delivery has `attempts` attempts recorded (and is not in flight any more). */
export function waitForAttempts(sandbox: TestSandbox, key: string, id: string, attempts: number, timeoutMs = 5000): Promise<Delivery> {
  return waitFor(
    async () => {
      const delivery = await getDelivery(sandbox, key, id);
      return delivery.attempts.length >= attempts ? delivery : undefined;
    },
    `${attempts} attempt(s) of ${id}`,
    timeoutMs,
  );
}

export async function sendTestEvent(sandbox: TestSandbox, key: string): Promise<string> {
  const result = await sandbox.api<{ delivery_id: string; status: string }>(key, '/v1/webhooks/test', { method: 'POST' });
  expectStatus(result, 202);
  return result.body.delivery_id;
}

export async function listDeliveries(sandbox: TestSandbox, key: string, query = ''): Promise<DeliveryList> {
  const result = await sandbox.api<DeliveryList>(key, `/v1/webhooks/deliveries${query}`);
  expectStatus(result, 200);
  return result.body;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
/** D20: waits after attempts 1..7. */
export const WAITS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
