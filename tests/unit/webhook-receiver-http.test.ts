import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookRequestOf } from '@/lib/inbound-events/node-request';
import { MAX_WEBHOOK_BYTES, receiveWebhook, type StoredEvent } from '@/lib/inbound-events/receiver';

/**
 * The receiver over real HTTP, reading Node's request through node-request.ts as our webhook route
 * does: the 256 KiB limit must hold whether the sender declares a length or streams the body.
 */
const secret = `whsec_${randomBytes(32).toString('base64')}`;
const authToken = 'http-receiver-test-token';
const signer = new Webhook(secret);

const stored = new Map<string, StoredEvent>();
/** How each request the server saw ended: its answer's status, or the error reading it failed with. */
const handled: (number | Error)[] = [];
/** Per request, listeners the reader left on it beyond those it found: none, or the rest of a refused body could still reach it. */
const leftListeners: number[] = [];
const READER_EVENTS = ['data', 'end', 'error'] as const;
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const listeners = () => READER_EVENTS.reduce((n, event) => n + request.listenerCount(event), 0);
    const found = listeners();
    receiveWebhook(webhookRequestOf(request), {
      secret,
      authToken,
      store: (event) => (stored.has(event.webhookId) ? false : (stored.set(event.webhookId, event), true)),
    }).then(
      (outcome) => {
        handled.push(outcome.status);
        leftListeners.push(listeners() - found);
        response.writeHead(outcome.status, { 'content-type': 'application/json' }).end(JSON.stringify(outcome.body));
      },
      (error: unknown) => {
        handled.push(error instanceof Error ? error : new Error(String(error)));
        response.destroy();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const TOO_LARGE = { error: 'too_large', message: `Events are at most ${MAX_WEBHOOK_BYTES} bytes.` };

/** A signed event whose JSON body is exactly `bytes` long (padded in `data.padding`). */
function signedEventOfSize(bytes: number, id = `msg_${randomBytes(6).toString('hex')}`) {
  const skeleton = JSON.stringify({ id: 'evt_big', type: 'message.received', data: { padding: '' } });
  const raw = JSON.stringify({ id: 'evt_big', type: 'message.received', data: { padding: 'x'.repeat(bytes - skeleton.length) } });
  expect(Buffer.byteLength(raw)).toBe(bytes);
  const at = new Date();
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-webhook-token': authToken,
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(id, at, raw),
    },
  };
}

type Answer = { status: number; body: unknown };

/**
 * Sends a request part by part (a pause before each later part) and resolves with the answer as
 * soon as it arrives, whether or not the body was finished: `end: false` never finishes it.
 */
function send(headers: Record<string, string>, parts: (string | Buffer)[], options: { end: boolean; pauseMs?: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/webhooks/partner', headers });
    const giveUp = setTimeout(() => {
      request.destroy();
      reject(new Error('no answer within 5 s: the receiver is still waiting for the body'));
    }, 5_000);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(giveUp);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    // The server may close the connection while parts are still on their way: the answer is what counts.
    request.on('error', () => {});
    // Node holds the headers back until the first write; a sender that never writes still sends them.
    request.flushHeaders();
    void (async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, options.pauseMs ?? 100));
        if (request.destroyed) return;
        request.write(part);
      }
      if (options.end && !request.destroyed) request.end();
    })();
  });
}

describe('the webhook receiver over HTTP, reading a Node request', () => {
  it('stores a signed event read from the wire, headers looked up whatever their case', async () => {
    const event = signedEventOfSize(2_000, 'msg_http_small');
    const answer = await send(event.headers, [event.raw], { end: true });
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false, test: false } });
    expect(stored.get('msg_http_small')?.payload).toBe(event.raw);
    expect(leftListeners.at(-1)).toBe(0);
  });

  it('stores a body of exactly 256 KiB sent with its length, and refuses one byte more with 413 too_large', async () => {
    const atLimit = signedEventOfSize(MAX_WEBHOOK_BYTES, 'msg_at_limit');
    expect(await send({ ...atLimit.headers, 'content-length': String(MAX_WEBHOOK_BYTES) }, [atLimit.raw], { end: true })).toEqual({
      status: 200,
      body: { received: true, duplicate: false, test: false },
    });
    expect(stored.get('msg_at_limit')?.payload).toBe(atLimit.raw);

    const over = signedEventOfSize(MAX_WEBHOOK_BYTES + 1, 'msg_over_limit');
    expect(await send({ ...over.headers, 'content-length': String(MAX_WEBHOOK_BYTES + 1) }, [over.raw], { end: true })).toEqual({
      status: 413,
      body: TOO_LARGE,
    });
    expect(stored.has('msg_over_limit')).toBe(false);
  });

  it('stores a streamed body (no Content-Length) of exactly 256 KiB, however it is split', async () => {
    const atLimit = signedEventOfSize(MAX_WEBHOOK_BYTES, 'msg_streamed_at_limit');
    const parts = [atLimit.raw.slice(0, 100_000), atLimit.raw.slice(100_000)];
    expect(await send(atLimit.headers, parts, { end: true, pauseMs: 50 })).toEqual({
      status: 200,
      body: { received: true, duplicate: false, test: false },
    });
    expect(stored.get('msg_streamed_at_limit')?.payload).toBe(atLimit.raw);
  });

  it('refuses a declared length over 256 KiB at once, without waiting for a body that never comes', async () => {
    const event = signedEventOfSize(1_000);
    const answer = await send({ ...event.headers, 'content-length': String(MAX_WEBHOOK_BYTES + 1) }, [], { end: false });
    expect(answer).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('refuses a streamed body as soon as it passes 256 KiB, even if the sender never finishes it', async () => {
    const event = signedEventOfSize(1_000);
    // Exactly the limit first, then one byte more: the answer must not depend on the rest arriving.
    const answer = await send(event.headers, [Buffer.alloc(MAX_WEBHOOK_BYTES, 'x'), Buffer.from('x')], { end: false, pauseMs: 200 });
    expect(answer).toEqual({ status: 413, body: TOO_LARGE });
    expect(stored.has(event.headers['webhook-id'])).toBe(false);
    // The reader let go of the request: what Node or the framework reads of the rest goes nowhere.
    expect(leftListeners.at(-1)).toBe(0);
  });

  it('stops reading a sender that hangs up mid-body: the request fails instead of waiting forever', async () => {
    const event = signedEventOfSize(10_000);
    const before = handled.length;
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/webhooks/partner', headers: event.headers });
    request.on('error', () => {});
    request.write(event.raw.slice(0, 5_000));
    await new Promise((r) => setTimeout(r, 100));
    request.destroy();
    await expect.poll(() => handled.length, { timeout: 3_000 }).toBe(before + 1);
    expect(handled.at(-1)).toBeInstanceOf(Error);
  });
});

describe('node-request.ts on its own', () => {
  it('answers header lookups like a Fetch Request: any case, null when absent, repeated values joined', async () => {
    const seen = await new Promise<(string | null)[]>((resolve, reject) => {
      const probe = http.createServer((incoming, response) => {
        const request = webhookRequestOf(incoming);
        resolve([
          request.headers.get('Webhook-Id'),
          request.headers.get('X-WEBHOOK-TOKEN'),
          request.headers.get('webhook-missing'),
          // The one request header Node keeps as a list; a Fetch Request joins it the same way.
          request.headers.get('set-cookie'),
        ]);
        response.end();
      });
      probe.listen(0, '127.0.0.1', () => {
        const { port: probePort } = probe.address() as AddressInfo;
        // Two separate header lines, as Node's client sends an array.
        const headers = { 'webhook-id': 'msg_case', 'x-webhook-token': 'token-value', 'set-cookie': ['a=1', 'b=2'] };
        http
          .get({ host: '127.0.0.1', port: probePort, headers }, (answer) => answer.resume().on('end', () => probe.close()))
          .on('error', reject);
      });
    });
    expect(seen).toEqual(['msg_case', 'token-value', null, 'a=1, b=2']);
  });
});
