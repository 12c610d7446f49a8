import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { receiveWebhook, type StoredEvent } from '@/lib/inbound-events/receiver';

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

  it('stores every envelope field, the body exactly as signed, and when it arrived', async () => {
    const mem = memoryStore();
    const arrived = new Date('2026-11-22T10:00:01.250Z');
    const request = signedRequest(event, { id: 'msg_fields' });
    const res = await receiveWebhook(request, { secret, authToken, store: mem.store, now: () => arrived });
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: false, test: false } });
    expect(mem.events.get('msg_fields')).toEqual({
      webhookId: 'msg_fields',
      eventId: 'evt_1',
      type: 'message.received',
      robotId: 'rb_1',
      externalId: 'cust-1',
      conversationId: 'conv_1',
      isTest: false,
      payload: JSON.stringify(event),
      receivedAt: '2026-11-22T10:00:01.250Z',
      occurredAt: '2026-11-22T10:00:00.000Z',
      // What the message said, apart, for searches.
      messageText: 'hi',
    });
  });

  it('dates an event by its own created_at in UTC, and by its arrival when created_at is missing or unreadable', async () => {
    const arrived = new Date('2026-11-22T10:00:01.250Z');
    const occurredAt = async (id: string, createdAt: unknown) => {
      const mem = memoryStore();
      await receiveWebhook(signedRequest({ ...event, created_at: createdAt }, { id }), {
        secret,
        authToken,
        store: mem.store,
        now: () => arrived,
      });
      return mem.events.get(id)?.occurredAt;
    };
    expect(await occurredAt('msg_offset', '2026-11-22T12:59:59.5+02:00')).toBe('2026-11-22T10:59:59.500Z');
    expect(await occurredAt('msg_missing', undefined)).toBe('2026-11-22T10:00:01.250Z');
    expect(await occurredAt('msg_null', null)).toBe('2026-11-22T10:00:01.250Z');
    expect(await occurredAt('msg_words', 'a moment ago')).toBe('2026-11-22T10:00:01.250Z');
    expect(await occurredAt('msg_no_zone', '2026-11-22T09:00:00')).toBe('2026-11-22T10:00:01.250Z');
    expect(await occurredAt('msg_impossible', '2026-13-45T00:00:00Z')).toBe('2026-11-22T10:00:01.250Z');
  });

  it('stores an envelope that names no robot, customer or conversation with those fields empty, stamped with the time of arrival', async () => {
    const mem = memoryStore();
    const before = Date.now();
    const res = await receiveWebhook(signedRequest({ type: 'chat.started' }, { id: 'msg_bare' }), { secret, authToken, store: mem.store });
    expect(res.status).toBe(200);
    const stored = mem.events.get('msg_bare');
    expect(stored).toMatchObject({ eventId: null, robotId: null, externalId: null, conversationId: null, isTest: false });
    const receivedAt = Date.parse(stored?.receivedAt ?? '');
    expect(receivedAt).toBeGreaterThanOrEqual(before);
    expect(receivedAt).toBeLessThanOrEqual(Date.now());
    expect(stored?.occurredAt).toBe(stored?.receivedAt);
  });

  it('answers 503 with what to set while the secret or the token is missing, and stores nothing', async () => {
    const mem = memoryStore();
    const notConfigured = {
      status: 503,
      body: {
        error: 'webhook_receiver_not_configured',
        message: 'Set PARTNER_WEBHOOK_SECRET and PARTNER_WEBHOOK_TOKEN to receive events.',
      },
    };
    expect(await receiveWebhook(signedRequest(event), { secret: null, authToken, store: mem.store })).toEqual(notConfigured);
    expect(await receiveWebhook(signedRequest(event), { secret, authToken: null, store: mem.store })).toEqual(notConfigured);
    expect(await receiveWebhook(signedRequest(event), { secret: '', authToken: '', store: mem.store })).toEqual(notConfigured);
    expect(mem.events.size).toBe(0);
  });

  it('refuses with a JSON body naming the reason: wrong token, bad signature, stale timestamp', async () => {
    const mem = memoryStore();
    const deps = { secret, authToken, store: mem.store };
    const wrongToken = { status: 401, body: { error: 'unauthorised', message: 'Missing or wrong X-Webhook-Token.' } };
    expect(await receiveWebhook(signedRequest(event, { token: 'nope' }), deps)).toEqual(wrongToken);
    // Same length as the real token, one character off: compared in full, not by length.
    expect(await receiveWebhook(signedRequest(event, { token: `${authToken.slice(0, -1)}X` }), deps)).toEqual(wrongToken);
    expect(await receiveWebhook(signedRequest(event, { token: null }), deps)).toEqual(wrongToken);
    const forged = `whsec_${randomBytes(32).toString('base64')}`;
    expect(await receiveWebhook(signedRequest(event, { signWith: forged }), deps)).toEqual({
      status: 401,
      body: { error: 'invalid_signature', message: 'No matching signature found' },
    });
    expect(await receiveWebhook(signedRequest(event, { signature: '' }), deps)).toEqual({
      status: 401,
      body: { error: 'invalid_signature', message: 'Missing required headers' },
    });
    expect(await receiveWebhook(signedRequest(event, { at: new Date(Date.now() - 6 * 60_000) }), deps)).toEqual({
      status: 401,
      body: { error: 'invalid_signature', message: 'Message timestamp too old' },
    });
    expect(mem.events.size).toBe(0);
  });

  it('reads each signature header by its own name: the id, timestamp and signature cannot stand in for one another', async () => {
    const mem = memoryStore();
    const deps = { secret, authToken, store: mem.store };
    for (const missing of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const request = signedRequest(event);
      request.headers.delete(missing);
      expect(await receiveWebhook(request, deps), missing).toEqual({
        status: 401,
        body: { error: 'invalid_signature', message: 'Missing required headers' },
      });
    }
    expect(mem.events.size).toBe(0);
  });

  it('answers 401 "Invalid signature" when the secret cannot sign at all, rather than failing', async () => {
    const mem = memoryStore();
    const res = await receiveWebhook(signedRequest(event), { secret: 'whsec_', authToken, store: mem.store });
    expect(res).toEqual({ status: 401, body: { error: 'invalid_signature', message: 'Invalid signature' } });
    expect(mem.events.size).toBe(0);
  });

  it('refuses with 422 invalid_event a signed body that is not JSON', async () => {
    const mem = memoryStore();
    const raw = 'type=message.received';
    const at = new Date();
    const request = new Request('http://localhost/api/webhooks/partner', {
      method: 'POST',
      headers: {
        'x-webhook-token': authToken,
        'webhook-id': 'msg_text',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign('msg_text', at, raw),
      },
      body: raw,
    });
    expect(await receiveWebhook(request, { secret, authToken, store: mem.store })).toEqual({
      status: 422,
      body: { error: 'invalid_event', message: 'Signed, but the body is not JSON.' },
    });
    expect(mem.events.size).toBe(0);
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

  it('records an event as a test when either its type or its data says so', async () => {
    const deps = (mem: ReturnType<typeof memoryStore>) => ({ secret, authToken, store: mem.store });
    const cases: [string, Record<string, unknown>, boolean][] = [
      ['type test, no data', { type: 'test', data: null }, true],
      ['type test, data without the flag', { type: 'test', data: { note: 'ping' } }, true],
      ['another type, data.test true', { type: 'message.received', conversation_id: 'conv_2', data: { test: true } }, true],
      ['another type, data.test false', { type: 'message.received', data: { test: false } }, false],
      ['another type, data.test as text', { type: 'message.received', data: { test: 'true' } }, false],
    ];
    for (const [name, body, isTest] of cases) {
      const mem = memoryStore();
      const res = await receiveWebhook(signedRequest(body, { id: 'msg_t' }), deps(mem));
      expect(res, name).toEqual({ status: 200, body: { received: true, duplicate: false, test: isTest } });
      expect(mem.events.get('msg_t')?.isTest, name).toBe(isTest);
    }
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
    expect(res.body).toEqual({ error: 'invalid_event', message: 'Signed, but not an event envelope: `type` is required.' });
    expect(mem.events.size).toBe(0);
  });
});
