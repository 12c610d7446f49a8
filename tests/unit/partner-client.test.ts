import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GoneError,
  InternalServerError,
  InvalidResponseError,
  NotFoundError,
  PartnerApiError,
  PartnerConnectionError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  createPartnerClient,
  type UsageQuery,
} from '@/lib/partner';
import { clientAgainst, closedPort, TEST_KEY, type Responder } from './partner-test-server';

const KEY = TEST_KEY;
const RID = 'req_abcdefghijklmnopqrstuvwx';
const setup = clientAgainst;

const envelope = (code: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message: `failed: ${code}`, request_id: RID, details: { why: code }, ...extra },
});

describe('request basics', () => {
  it('sends key, accept and user agent to /v1 and returns data with the request id', async () => {
    const { client, requests } = await setup([
      {
        status: 200,
        headers: { 'X-Request-Id': RID },
        body: {
          data: [{ id: 'r1', name: 'Shop', channels: [{ id: 'c1', type: 'brand_new_type', is_active: true }], extra: 1 }],
          pagination: { limit: 10, offset: 20, total_count: 21, has_more: false },
        },
      },
    ]);
    const { data, requestId } = await client.listRobots({ limit: 10, offset: 20 });
    expect(requestId).toBe(RID);
    expect(data.data[0]?.channels[0]?.type).toBe('brand_new_type');
    expect(data.pagination?.total_count).toBe(21);
    const req = requests[0];
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/v1/robots?limit=10&offset=20');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['user-agent']).toBe('partner-dashboard/0.1');
  });

  it('tolerates a base URL ending in / or /v1', async () => {
    const { client, requests, url } = await setup([
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    await createPartnerClient({ baseUrl: `${url}/`, apiKey: KEY }).listRobots();
    await createPartnerClient({ baseUrl: `${url}/v1/`, apiKey: KEY }).listRobots();
    expect(requests.map((r) => r.url)).toEqual(['/v1/robots', '/v1/robots']);
    expect(client).toBeDefined();
  });

  it('answers 204 with undefined data and the request id', async () => {
    const { client, requests } = await setup([{ status: 204, headers: { 'X-Request-Id': RID } }]);
    await expect(client.deleteRobot('r1')).resolves.toEqual({ data: undefined, requestId: RID });
    expect(requests[0]?.method).toBe('DELETE');
  });

  it('encodes path ids and refuses dot segments without sending anything', async () => {
    const { client, requests } = await setup([{ status: 204 }, { status: 200, body: { id: 'x' } }]);
    await client.deleteRobot('a/b c?d#e');
    await client.getRule('r/1', 'c%2', 'ru le');
    expect(requests.map((r) => r.url)).toEqual(['/v1/robots/a%2Fb%20c%3Fd%23e', '/v1/robots/r%2F1/channels/c%252/rules/ru%20le']);
    await expect(client.deleteRobot('..')).rejects.toThrow(TypeError);
    await expect(client.getDelivery('')).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(2);
  });
});

describe('methods', () => {
  it('never sends breakdown on usage, even when a caller smuggles it in', async () => {
    const { client, requests } = await setup([
      {
        status: 200,
        body: { data: [{ robot_id: 'r1', external_id: null, messages: { total: 3, units: 6 } }], metadata: { cache_hit: true } },
      },
    ]);
    const query = { from: new Date('2026-09-01T00:00:00Z'), to: '2026-09-30T00:00:00Z', robot_id: 'r1', breakdown: 'source' };
    const { data } = await client.getUsage(query as UsageQuery);
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/v1/usage');
    expect(url.searchParams.has('breakdown')).toBe(false);
    expect(url.searchParams.get('from')).toBe('2026-09-01T00:00:00.000Z');
    expect(url.searchParams.get('robot_id')).toBe('r1');
    expect(data.data[0]?.messages?.units).toBe(6);
    expect(data.metadata?.cache_hit).toBe(true);
  });

  it('connects a token channel with a JSON body', async () => {
    const { client, requests } = await setup([
      { status: 201, body: { id: 'c1', status: 'connected', type: 'messenger_bot', is_active: true, username: 'bot_1' } },
    ]);
    const { data } = await client.connectChannel('r1', { type: 'messenger_bot', config: { token: '123456:abc' } });
    expect(data.kind).toBe('live');
    expect(requests[0]?.url).toBe('/v1/robots/r1/channels');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ type: 'messenger_bot', config: { token: '123456:abc' } });
  });

  it('reads a social_dm connect answer as pending even when it says connected', async () => {
    const { client } = await setup([
      {
        status: 201,
        body: {
          id: 'c2',
          status: 'connected',
          type: 'social_dm',
          authorisation_url: 'https://x/y?z=1',
          expires_at: '2026-09-20T10:00:00Z',
        },
      },
    ]);
    const { data } = await client.connectChannel('r1', { type: 'social_dm' });
    expect(data.kind).toBe('pending');
    if (data.kind === 'pending') {
      expect(data.channel.status).toBe('pending_authorisation');
      expect(data.channel.authorisation_url).toBe('https://x/y?z=1');
    }
  });

  it('patches, types, tests the webhook and lists deliveries on the decided paths', async () => {
    const { client, requests } = await setup([
      { status: 200, body: { id: 'c1', is_active: false, status: 'disabled' } },
      { status: 204 },
      { status: 202, body: { delivery_id: 'd1', status: 'pending' } },
      { status: 200, body: { data: [{ delivery_id: 'd1', status: 'queued_somewhere', attempts: [] }] } },
      { status: 200, body: { delivery_id: 'd/1', attempts: [{ attempt: 1, response_status: null }] } },
    ]);
    expect((await client.updateChannel('r1', 'c1', { is_active: false })).data.is_active).toBe(false);
    await client.setTyping('conv 1');
    expect((await client.sendTestEvent()).data.delivery_id).toBe('d1');
    expect((await client.listDeliveries({ delivery_id: 'd1', status: 'failed', limit: 5 })).data.data[0]?.status).toBe('queued_somewhere');
    expect((await client.getDelivery('d/1')).data.attempts[0]?.response_status).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'PATCH /v1/robots/r1/channels/c1 {"is_active":false}',
      'POST /v1/conversations/conv%201/typing {"is_typing":true}',
      'POST /v1/webhooks/test ',
      'GET /v1/webhooks/deliveries?delivery_id=d1&status=failed&limit=5 ',
      'GET /v1/webhooks/deliveries/d%2F1 ',
    ]);
  });

  it('uploads an attachment as multipart form data', async () => {
    const { client, requests } = await setup([{ status: 201, body: { id: 'a1', type: 'image', name: 'p.png' } }]);
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const { data } = await client.uploadAttachment({ conversationId: 'conv1', file, filename: 'p.png' });
    expect(data.id).toBe('a1');
    const req = requests[0];
    expect(req?.url).toBe('/v1/attachments');
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.body).toContain('name="conversation_id"');
    expect(req?.body).toContain('conv1');
    expect(req?.body).toMatch(/name="file"; filename="p.png"/);
    expect(req?.body).toContain('Content-Type: image/png');
  });
});

describe('error mapping', () => {
  const cases: [number, new (...a: never[]) => PartnerApiError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [410, GoneError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, ServiceUnavailableError],
    [418, PartnerApiError],
  ];
  it.each(cases)('maps %i to its class with code, message, request id and details', async (status, Class) => {
    const { client, requests } = await setup([{ status, body: envelope(`code_${status}`) }], { maxRetries: 0 });
    const error = await client.listRobots().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({
      status,
      code: `code_${status}`,
      message: `failed: code_${status}`,
      requestId: RID,
      details: { why: `code_${status}` },
    });
    expect(requests).toHaveLength(1);
  });

  it('takes the request id from X-Request-Id when the body has none, and survives an HTML body', async () => {
    const { client } = await setup([
      { status: 404, headers: { 'X-Request-Id': 'req_header' }, body: { error: { code: 'not_found', message: 'nope' } } },
      { status: 403, headers: { 'X-Request-Id': 'req_html', 'Content-Type': 'text/html' }, body: '<html>denied</html>' },
    ]);
    await expect(client.getDelivery('d1')).rejects.toMatchObject({ requestId: 'req_header', code: 'not_found' });
    const html = await client.getDelivery('d1').catch((e: unknown) => e);
    expect(html).toBeInstanceOf(PermissionDeniedError);
    expect(html).toMatchObject({ requestId: 'req_html', code: undefined, details: {} });
  });

  it('rejects a 2xx body that breaks the schema or is not JSON with InvalidResponseError', async () => {
    const { client } = await setup([
      { status: 200, headers: { 'X-Request-Id': RID }, body: { data: 'not a list' } },
      { status: 200, headers: { 'X-Request-Id': RID }, body: 'plain text' },
    ]);
    const invalid = await client.listRobots().catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(InvalidResponseError);
    expect(invalid).toMatchObject({ status: 200, requestId: RID });
    expect((invalid as InvalidResponseError).issues[0]?.path).toEqual(['data']);
    await expect(client.listRobots()).rejects.toMatchObject({ name: 'InvalidResponseError', requestId: RID, issues: [] });
  });

  it('never puts the key in a thrown message or in the log hook', async () => {
    const echo: Responder = (req) => ({
      status: 401,
      body: { error: { code: 'invalid_key', message: `bad key ${req.headers.authorization}` } },
    });
    const { client, log } = await setup(echo);
    const error = await client.listRobots().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toBe('bad key Bearer [redacted]');
    expect(JSON.stringify(log)).not.toContain(KEY);

    const port = await closedPort();
    const offline = createPartnerClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, retryBaseDelayMs: 1 });
    const conn = await offline.listRobots().catch((e: unknown) => e);
    expect(conn).toBeInstanceOf(PartnerConnectionError);
    expect(`${(conn as Error).message} ${(conn as Error).stack}`).not.toContain(KEY);
  });
});
