import { describe, expect, it } from 'vitest';
import { expectAnswer, postConversation, REQUEST_ID, type ErrorBody } from './support';
import { getDelivery, listDeliveries, sendTestEvent, setUpSandboxAndReceiver, verify, waitForAttempts } from './webhooks-support';

const { sandbox, receiver } = setUpSandboxAndReceiver();

const webhook = () => ({ url: receiver.url, auth_token: 'tok-test', custom_headers: { 'X-Partner': 'acme' } });

describe('POST /v1/webhooks/test (D18)', () => {
  it('answers 202 {delivery_id, status: pending} and delivers a signed test event that succeeds', async () => {
    const account = await sandbox.createAccount({ webhook: webhook() });
    const result = await sandbox.api<{ delivery_id: string; status: string }>(account.api_key, '/v1/webhooks/test', { method: 'POST' });
    expect(result.status).toBe(202);
    expect(result.body).toEqual({ delivery_id: expect.stringMatching(/^dlv_[0-9A-Za-z]{16}$/), status: 'pending' });
    expect(result.headers.get('x-request-id')).toMatch(REQUEST_ID);
    expect(result.headers.get('ratelimit-limit')).toBe('300');

    const delivery = await waitForAttempts(sandbox, account.api_key, result.body.delivery_id, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', event_type: 'test', next_attempt_at: null });
    expect(delivery.attempts).toEqual([
      {
        attempt: 1,
        attempted_at: delivery.created_at,
        response_status: 200,
        response_body: 'ok',
        duration_ms: expect.any(Number),
        error: null,
      },
    ]);
    expect(delivery.payload).toEqual({
      id: delivery.event_id,
      type: 'test',
      created_at: delivery.created_at,
      robot_id: null,
      external_id: null,
      conversation_id: null,
      data: { test: true },
    });

    const received = receiver.requests.find((r) => r.headers['webhook-id'] === delivery.event_id);
    expect(received).toBeDefined();
    if (!received) return;
    expect(JSON.parse(received.body)).toEqual(delivery.payload);
    expect(verify(account.webhook_secret, received)).toEqual(delivery.payload);
    expect(received.headers).toMatchObject({ 'x-webhook-token': 'tok-test', 'x-partner': 'acme', 'content-type': 'application/json' });
  });

  it('ignores a body', async () => {
    const account = await sandbox.createAccount({ webhook: webhook() });
    const result = await sandbox.api(account.api_key, '/v1/webhooks/test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ anything: 1 }),
    });
    expect(result.status).toBe(202);
  });

  it('answers 422 webhook_not_configured without a webhook URL, recording nothing', async () => {
    const account = await sandbox.createAccount();
    const result = await sandbox.api<ErrorBody>(account.api_key, '/v1/webhooks/test', { method: 'POST' });
    expect(result.status).toBe(422);
    expect(result.body.error).toMatchObject({ code: 'webhook_not_configured', request_id: result.headers.get('x-request-id') });
    expect((await listDeliveries(sandbox, account.api_key)).data).toEqual([]);
  });

  it('a burst sent together is committed together: every 202 names a stored delivery, and a 422 among them records nothing', async () => {
    const configured = await sandbox.createAccount({ webhook: webhook() });
    const unconfigured = await sandbox.createAccount();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        sandbox.api<{ delivery_id?: string; error?: { code: string } }>(
          i % 4 === 0 ? unconfigured.api_key : configured.api_key,
          '/v1/webhooks/test',
          {
            method: 'POST',
          },
        ),
      ),
    );
    const accepted = answers.filter((a) => a.status === 202).map((a) => a.body.delivery_id);
    const refused = answers.filter((a) => a.status === 422);
    expect(accepted).toHaveLength(30);
    expect(refused).toHaveLength(10);
    expect(refused.every((a) => a.body.error?.code === 'webhook_not_configured')).toBe(true);
    const listed = (await listDeliveries(sandbox, configured.api_key, '?limit=100')).data.map((d) => d.delivery_id);
    expect(new Set(listed)).toEqual(new Set(accepted));
    expect((await listDeliveries(sandbox, unconfigured.api_key)).data).toEqual([]);
  });

  it('answers 401 without a key and 429 over the rate limit, like every /v1 route', async () => {
    expect((await sandbox.api<ErrorBody>(undefined, '/v1/webhooks/test', { method: 'POST' })).body.error.code).toBe('invalid_key');
    const account = await sandbox.createAccount({ webhook: webhook(), rate_limit_per_minute: 1 });
    await sendTestEvent(sandbox, account.api_key);
    const limited = await sandbox.api<ErrorBody>(account.api_key, '/v1/webhooks/test', { method: 'POST' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});

describe('GET /v1/webhooks/deliveries (D19)', () => {
  it('lists newest first with pagination and filters by delivery_id, status and event_type', async () => {
    const account = await sandbox.createAccount({ webhook: webhook() });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await sendTestEvent(sandbox, account.api_key));
    for (const id of ids) await waitForAttempts(sandbox, account.api_key, id, 1);
    const robot = await sandbox.createRobot(account.account_id, { external_id: 'cust-1', channels: [{ type: 'widget' }] });
    const conversationId = await postConversation(sandbox, robot.id, [{ role: 'client', text: 'hi' }]);

    const all = await listDeliveries(sandbox, account.api_key);
    expect(all.pagination).toEqual({ limit: 50, offset: 0, total_count: 5, has_more: false });
    expect(all.data.map((d) => d.event_type)).toEqual(['message.received', 'chat.started', 'test', 'test', 'test']);
    expect(all.data.slice(2).map((d) => d.delivery_id)).toEqual([...ids].reverse());

    const page = await listDeliveries(sandbox, account.api_key, '?limit=2&offset=2');
    expect(page.data.map((d) => d.delivery_id)).toEqual([ids[2], ids[1]]);
    expect(page.pagination).toEqual({ limit: 2, offset: 2, total_count: 5, has_more: true });

    const one = await listDeliveries(sandbox, account.api_key, `?delivery_id=${ids[0] ?? ''}`);
    expect(one.data.map((d) => d.delivery_id)).toEqual([ids[0]]);
    expect(one.data[0]?.attempts).toHaveLength(1);

    const tests = await listDeliveries(sandbox, account.api_key, '?event_type=test&status=succeeded');
    expect(tests.pagination.total_count).toBe(3);
    const chats = await listDeliveries(sandbox, account.api_key, '?event_type=chat.started');
    expect(chats.data).toHaveLength(1);
    expect(chats.data[0]?.payload).toMatchObject({ conversation_id: conversationId, external_id: 'cust-1', robot_id: robot.id });
    expect((await listDeliveries(sandbox, account.api_key, '?status=failed')).data).toEqual([]);
  });

  it('answers 400 invalid_parameter for a bad status, event type, limit or offset', async () => {
    const account = await sandbox.createAccount({ webhook: webhook() });
    for (const [query, parameter] of [
      ['?status=done', 'status'],
      ['?event_type=chat.exploded', 'event_type'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?offset=-1', 'offset'],
    ] as const) {
      const result = await sandbox.api<ErrorBody>(account.api_key, `/v1/webhooks/deliveries${query}`);
      expect(result.status, query).toBe(400);
      expect(result.body.error).toMatchObject({ code: 'invalid_parameter', details: { parameter } });
    }
  });

  it("answers 404 for an unknown delivery and for another partner's, and lists only the caller's", async () => {
    const owner = await sandbox.createAccount({ webhook: webhook() });
    const other = await sandbox.createAccount({ webhook: webhook() });
    const id = await sendTestEvent(sandbox, owner.api_key);
    expect((await getDelivery(sandbox, owner.api_key, id)).delivery_id).toBe(id);
    for (const [key, path] of [
      [other.api_key, `/v1/webhooks/deliveries/${id}`],
      [owner.api_key, '/v1/webhooks/deliveries/dlv_missing000000000'],
    ] as const) {
      const result = await sandbox.api<ErrorBody>(key, path);
      expect(result.status).toBe(404);
      expect(result.body.error.code).toBe('not_found');
    }
    expect((await listDeliveries(sandbox, other.api_key, `?delivery_id=${id}`)).data).toEqual([]);
  });

  it('records no delivery for an account without a webhook URL, though the event is recorded', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id, { channels: [{ type: 'widget' }] });
    const id = await postConversation(sandbox, robot.id, [{ role: 'client', text: 'hi' }]);
    expect(expectAnswer(await sandbox.admin.getConversation(id), 200).events).toHaveLength(2);
    expect((await listDeliveries(sandbox, account.api_key)).data).toEqual([]);
  });

  it('are in the OpenAPI document', async () => {
    const doc = await sandbox.fetch<{ paths: Record<string, Record<string, unknown>> }>('/v1/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/v1/webhooks/test', '/v1/webhooks/deliveries', '/v1/webhooks/deliveries/{delivery_id}']),
    );
  });
});
