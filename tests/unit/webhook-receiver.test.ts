import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { receiveWebhook, type StoredEvent } from '@/lib/webhooks/receiver';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const authToken = 'receiver-test-token';

function signedRequest(
  body: unknown,
  opts: { id?: string; at?: Date; token?: string | null; signWith?: string; signature?: string } = {},
): Request {
  const raw = JSON.stringify(body);
  const id = opts.id ?? `msg_${randomBytes(6).toString('hex')}`;
  const at = opts.at ?? new Date();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': opts.signature ?? new Webhook(opts.signWith ?? secret).sign(id, at, raw),
  };
  if (opts.token !== null) headers['x-webhook-token'] = opts.token ?? authToken;
  return new Request('http://localhost/api/webhooks/partner', { method: 'POST', headers, body: raw });
}

function memoryStore() {
  const events = new Map<string, StoredEvent>();
  return { events, store: (e: StoredEvent) => (events.has(e.webhookId) ? false : (events.set(e.webhookId, e), true)) };
}

const event = {
  id: 'evt_1',
  type: 'message.received',
  created_at: '2026-11-22T10:00:00Z',
  robot_id: 'rb_1',
  external_id: 'cust-1',
  conversation_id: 'conv_1',
  data: { text: 'hi' },
};

describe('webhook receiver', () => {
  it('stores a correctly signed event with the right token', async () => {
    const mem = memoryStore();
    const res = await receiveWebhook(signedRequest(event), { secret, authToken, store: mem.store });
    expect(res.status).toBe(200);
    expect([...mem.events.values()][0]).toMatchObject({
      type: 'message.received',
      conversationId: 'conv_1',
      externalId: 'cust-1',
      isTest: false,
    });
  });

  it('answers 401 to a forged signature', async () => {
    const mem = memoryStore();
    const forged = `whsec_${randomBytes(32).toString('base64')}`;
    const res = await receiveWebhook(signedRequest(event, { signWith: forged }), { secret, authToken, store: mem.store });
    expect(res.status).toBe(401);
    expect(mem.events.size).toBe(0);
  });

  it('answers 401 to an unsigned request', async () => {
    const mem = memoryStore();
    const res = await receiveWebhook(signedRequest(event, { signature: '' }), { secret, authToken, store: mem.store });
    expect(res.status).toBe(401);
  });

  it('answers 401 to a wrong or missing token even when signed', async () => {
    const mem = memoryStore();
    expect((await receiveWebhook(signedRequest(event, { token: 'nope' }), { secret, authToken, store: mem.store })).status).toBe(401);
    expect((await receiveWebhook(signedRequest(event, { token: null }), { secret, authToken, store: mem.store })).status).toBe(401);
    expect(mem.events.size).toBe(0);
  });

  it('answers 401 to a stale timestamp (over 5 minutes)', async () => {
    const mem = memoryStore();
    const res = await receiveWebhook(signedRequest(event, { at: new Date(Date.now() - 6 * 60_000) }), {
      secret,
      authToken,
      store: mem.store,
    });
    expect(res.status).toBe(401);
  });

  it('stores a replayed webhook-id once and still answers 2xx', async () => {
    const mem = memoryStore();
    const first = await receiveWebhook(signedRequest(event, { id: 'msg_same' }), { secret, authToken, store: mem.store });
    const again = await receiveWebhook(signedRequest(event, { id: 'msg_same' }), { secret, authToken, store: mem.store });
    expect(first.body.duplicate).toBe(false);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    expect(mem.events.size).toBe(1);
  });

  it('records a test event as a test', async () => {
    const mem = memoryStore();
    const res = await receiveWebhook(
      signedRequest({ id: 'evt_t', type: 'test', robot_id: null, external_id: null, conversation_id: null, data: { test: true } }),
      { secret, authToken, store: mem.store },
    );
    expect(res.status).toBe(200);
    expect(res.body.test).toBe(true);
    expect([...mem.events.values()][0]?.isTest).toBe(true);
  });

  it('refuses a signed body that is not an event', async () => {
    const mem = memoryStore();
    const res = await receiveWebhook(signedRequest({ hello: 'world' }), { secret, authToken, store: mem.store });
    expect(res.status).toBe(422);
  });
});
