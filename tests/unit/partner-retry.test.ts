import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  InternalServerError,
  PartnerConnectionError,
  PartnerTimeoutError,
  RateLimitError,
  ServiceUnavailableError,
  createPartnerClient,
  type PartnerRequestInfo,
} from '@/lib/partner';
import { clientAgainst, closedPort, listen, openServers, TEST_KEY, type TestServer } from './partner-test-server';

const KEY = TEST_KEY;
const setup = clientAgainst;

const err = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: { error: { code: `c${status}`, message: `m${status}` } },
});
const ok = { status: 200, body: { data: [] } };
const queued = { status: 202, body: { delivery_id: 'd1', status: 'pending' } };

describe('idempotent requests', () => {
  it('retries a GET on 503 and succeeds', async () => {
    const { client, requests, log } = await setup([err(503), err(503), ok]);
    await expect(client.listRobots()).resolves.toMatchObject({ data: { data: [] } });
    expect(requests).toHaveLength(3);
    expect(log.map((l) => [l.attempt, l.status, l.error])).toEqual([
      [1, 503, 'ServiceUnavailableError'],
      [2, 503, 'ServiceUnavailableError'],
      [3, 200, undefined],
    ]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { client, requests } = await setup([err(502), err(504), err(503), ok]);
    await expect(client.listDeliveries()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 409, even on PATCH', async () => {
    const { client, requests } = await setup([err(409), ok]);
    await expect(client.updateChannel('r1', 'c1', { is_active: true })).rejects.toBeInstanceOf(ConflictError);
    expect(requests).toHaveLength(1);
  });

  it('honours Retry-After in seconds', async () => {
    const { client, requests, log } = await setup([err(429, { 'Retry-After': '1' }), ok]);
    await client.listRobots();
    const [first, second] = requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(log[0]?.retryInMs).toBe(1000);
  });

  it('honours retry-after-ms before Retry-After', async () => {
    const { client, requests } = await setup([err(503, { 'retry-after-ms': '150', 'Retry-After': '9' }), ok]);
    await client.listRobots();
    const gap = (requests[1]?.at ?? 0) - (requests[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(140);
    expect(gap).toBeLessThan(1000);
  });

  it('throws the RateLimitError at once when Retry-After outlasts the deadline', async () => {
    const { client, requests } = await setup([err(429, { 'Retry-After': '30' }), ok]);
    const started = Date.now();
    const error = await client.listRobots().catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(30);
    expect(requests).toHaveLength(1);
  });

  it('measures the budget against what is left of it, not the whole deadline', async () => {
    const { client, requests } = await setup([err(503, { 'Retry-After': '1' }), ok], { deadlineMs: 800 });
    await expect(client.listRobots()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(requests).toHaveLength(1);
  });

  it('times out a slow GET, retries it, then throws PartnerTimeoutError', async () => {
    const slow = { ...ok, delayMs: 400 };
    const { client, requests } = await setup([slow, slow, slow], { timeoutMs: 60 });
    const started = Date.now();
    await expect(client.listRobots()).rejects.toBeInstanceOf(PartnerTimeoutError);
    expect(requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never outlives the deadline, whatever the per-attempt timeout', async () => {
    const { client } = await setup([{ ...ok, delayMs: 2000 }], { timeoutMs: 5000, deadlineMs: 200 });
    const started = Date.now();
    await expect(client.getUsage()).rejects.toBeInstanceOf(PartnerTimeoutError);
    expect(Date.now() - started).toBeLessThan(700);
  });

  it('retries a GET that cannot connect, then throws PartnerConnectionError', async () => {
    const port = await closedPort();
    const log: PartnerRequestInfo[] = [];
    const client = createPartnerClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      retryBaseDelayMs: 1,
      onRequest: (i) => log.push(i),
    });
    await expect(client.listRobots()).rejects.toBeInstanceOf(PartnerConnectionError);
    expect(log.map((l) => l.error)).toEqual(['PartnerConnectionError', 'PartnerConnectionError', 'PartnerConnectionError']);
  });
});

describe('POST requests', () => {
  it('are not retried on 500', async () => {
    const { client, requests } = await setup([err(500), queued]);
    await expect(client.sendTestEvent()).rejects.toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(1);
  });

  it('are not retried after a timeout, since the service may have acted', async () => {
    const { client, requests } = await setup([{ ...queued, delayMs: 300 }, queued], { timeoutMs: 60 });
    await expect(client.sendTestEvent()).rejects.toBeInstanceOf(PartnerTimeoutError);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
  });

  it('are retried on 429', async () => {
    const { client, requests } = await setup([err(429, { 'Retry-After': '0' }), queued]);
    await expect(client.sendTestEvent()).resolves.toMatchObject({ data: { delivery_id: 'd1' } });
    expect(requests).toHaveLength(2);
  });

  it('are retried when the connection was refused before anything was sent', async () => {
    const port = await closedPort();
    const late: { server?: TestServer } = {};
    const client = createPartnerClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      retryBaseDelayMs: 100,
      onRequest: (info) => {
        // The service comes up during the backoff after the first refused attempt.
        if (info.attempt === 1)
          void listen([queued], port).then((s) => {
            late.server = s;
            openServers.push(s);
          });
      },
    });
    await expect(client.sendTestEvent()).resolves.toMatchObject({ data: { delivery_id: 'd1' } });
    expect(late.server?.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/webhooks/test']);
  });
});
