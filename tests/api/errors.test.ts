import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from './hostile-http';
import { ADMIN_TOKEN, REQUEST_ID, setUpSandbox, type AccountCreated, type ErrorBody, type Json } from './support';

const sandbox = setUpSandbox();
let account: AccountCreated;

beforeAll(async () => {
  account = await sandbox.createAccount();
});

function expectEnvelope(result: { status: number; headers: Headers; body: unknown }, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.headers.get('content-type')).toContain('application/json');
  const { error } = result.body as ErrorBody;
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe('string');
  expect(error.request_id).toMatch(REQUEST_ID);
  expect(error.request_id).toBe(result.headers.get('x-request-id'));
  expect(typeof error.details).toBe('object');
  return error;
}

describe('error envelope', () => {
  it('answers an unknown /v1 path with a JSON 404 not_found', async () => {
    const unknown = await sandbox.api(account.api_key, '/v1/nothing-here');
    expectEnvelope(unknown, 404, 'not_found');
    // Still an authenticated request, so it is counted and says so (D4).
    expect(unknown.headers.get('ratelimit-limit')).toBe('300');
    expect(unknown.headers.get('ratelimit-remaining')).not.toBeNull();
    expectEnvelope(await sandbox.api(account.api_key, '/v1/robots/rb_x/unknown/deeper'), 404, 'not_found');
    expectEnvelope(await sandbox.fetch('/elsewhere'), 404, 'not_found');
  });

  it('answers a wrong method with 405 in the envelope and an Allow header', async () => {
    const result = await sandbox.api(account.api_key, '/v1/robots', { method: 'POST' });
    expectEnvelope(result, 405, 'method_not_allowed');
    expect(result.headers.get('allow')).toContain('GET');
    const onItem = await sandbox.api(account.api_key, '/v1/robots/rb_1', { method: 'GET' });
    expectEnvelope(onItem, 405, 'method_not_allowed');
    expect(onItem.headers.get('allow')).toContain('DELETE');
  });

  it('answers a path with a trailing slash with 404 not_found on every operation, never a 405 refusing an allowed method', async () => {
    const doc = await sandbox.fetch<{ paths: Record<string, Record<string, unknown>> }>('/v1/openapi.json');
    let operations = 0;
    for (const [template, item] of Object.entries(doc.body.paths)) {
      const path = `${template.replace(/\{[^}]+\}/g, 'x_1')}/`;
      const keyless = template === '/v1/openapi.json' || template === '/v1/reference';
      for (const method of Object.keys(item).map((m) => m.toUpperCase())) {
        operations += 1;
        const keyed = await sandbox.api(account.api_key, path, { method });
        expectEnvelope(keyed, 404, 'not_found');
        expect(keyed.headers.get('allow'), `${method} ${path}`).toBeNull();
        // D25 under /v1: without a key an unknown path is 401; the description routes need no key, slash or not.
        expectEnvelope(await sandbox.fetch(path, { method }), keyless ? 404 : 401, keyless ? 'not_found' : 'invalid_key');
      }
    }
    expect(operations).toBeGreaterThanOrEqual(13);
    expectEnvelope(await sandbox.control('GET', '/sandbox/api/accounts/'), 404, 'not_found');
    expectEnvelope(await sandbox.control('POST', `/sandbox/api/accounts/${account.account_id}/keys/rotate/`), 404, 'not_found');
  });

  it('never names the refused method in a 405 Allow header', async () => {
    const doc = await sandbox.fetch<{ paths: Record<string, Record<string, unknown>> }>('/v1/openapi.json');
    let refused = 0;
    const paths = Object.keys(doc.body.paths).map((template) => template.replace(/\{[^}]+\}/g, 'x_1'));
    for (const path of [...paths, ...paths.map((served) => `${served}/`)]) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const result = await sandbox.api(account.api_key, path, { method });
        if (result.status !== 405) continue;
        refused += 1;
        const allowed = (result.headers.get('allow') ?? '').split(', ');
        expect(allowed, `${method} ${path}`).not.toContain(method);
        expect(expectEnvelope(result, 405, 'method_not_allowed').details.allowed).toEqual(allowed);
      }
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('answers a JSON body that is not UTF-8 with 400 invalid_json and stores nothing', async () => {
    const asResult = (answer: RawAnswer) => ({
      status: answer.status,
      headers: new Headers(answer.headers as Record<string, string>),
      body: JSON.parse(answer.text) as unknown,
    });
    const post = (path: string, authorization: string, json: Buffer[]) =>
      rawRequest(sandbox.url, {
        method: 'POST',
        path,
        headers: { authorization, 'content-type': 'application/json' },
        body: Buffer.concat(json),
      });
    const admin = `Bearer ${ADMIN_TOKEN}`;
    const partner = await sandbox.createAccount({ roles: ['social_dm'] });
    const robot = await sandbox.createRobot(partner.account_id);
    const connectPath = `/v1/robots/${robot.id}/channels`;
    // A broken two-byte sequence, a lone continuation byte, an overlong "/", a UTF-16 surrogate.
    for (const bytes of [[0xc3, 0x28], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const invalid = Buffer.from(bytes);
      const created = await post('/sandbox/api/accounts', admin, [Buffer.from('{"name":"caf'), invalid, Buffer.from('"}')]);
      expectEnvelope(asResult(created), 400, 'invalid_json');
      // Unknown fields are ignored on /v1, so only the bytes make this connect fail.
      const connect = await post(connectPath, `Bearer ${partner.api_key}`, [
        Buffer.from('{"type":"social_dm","note":"caf'),
        invalid,
        Buffer.from('"}'),
      ]);
      expectEnvelope(asResult(connect), 400, 'invalid_json');
    }
    const accounts = await sandbox.control<{ data: Json[] }>('GET', '/sandbox/api/accounts');
    expect(JSON.stringify(accounts.body)).not.toContain('\ufffd');
    // Nothing was opened by the refused connects (an open handshake would make this a 409), and
    // the same bodies in UTF-8 are taken as they are.
    const utf8 = Buffer.from('é');
    expect(
      (await post(connectPath, `Bearer ${partner.api_key}`, [Buffer.from('{"type":"social_dm","note":"caf'), utf8, Buffer.from('"}')]))
        .status,
    ).toBe(201);
    const valid = await post('/sandbox/api/accounts', admin, [Buffer.from('{"name":"caf'), utf8, Buffer.from('"}')]);
    expect(valid.status).toBe(201);
    expect((await sandbox.account((JSON.parse(valid.text) as AccountCreated).account_id)).name).toBe('café');
  });

  it('answers unparseable JSON or a non-JSON body with 400 invalid_json', async () => {
    const headers = { Authorization: 'Bearer test-admin-token-0123456789', 'Content-Type': 'application/json' };
    expectEnvelope(await sandbox.fetch('/sandbox/api/accounts', { method: 'POST', headers, body: '{"name":' }), 400, 'invalid_json');
    expectEnvelope(
      await sandbox.fetch('/sandbox/api/accounts', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/plain' },
        body: '{"name":"x"}',
      }),
      400,
      'invalid_json',
    );
  });

  it('answers a body that breaks the schema with 422 validation_failed and every issue', async () => {
    const result = await sandbox.control('POST', '/sandbox/api/accounts', { name: '', tier: 'gold', capacity: 1.5, surprise: true });
    const error = expectEnvelope(result, 422, 'validation_failed');
    const issues = error.details.issues as { path: string; message: string }[];
    const paths = issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'tier', 'capacity']));
    for (const issue of issues) expect(typeof issue.message).toBe('string');
  });

  it('checks existence (404) before the body schema (422), as D25 orders', async () => {
    const missing = await sandbox.control('PATCH', '/sandbox/api/accounts/acc_nope', { tier: 'gold' });
    expectEnvelope(missing, 404, 'not_found');
    const present = await sandbox.control('PATCH', `/sandbox/api/accounts/${account.account_id}`, { tier: 'gold' });
    expectEnvelope(present, 422, 'validation_failed');
    const robotMissing = await sandbox.control('PATCH', '/sandbox/api/robots/rb_nope', { model: 'turbo' });
    expectEnvelope(robotMissing, 404, 'not_found');
  });

  it('answers 500 internal_error without a stack when a fault is armed', async () => {
    const armed = await sandbox.control('POST', '/sandbox/api/faults', { path_prefix: '/v1/robots', status: 500, times: 1 });
    expect(armed.status).toBe(201);
    const result = await sandbox.api(account.api_key, '/v1/robots');
    const error = expectEnvelope(result, 500, 'internal_error');
    expect(JSON.stringify(error)).not.toMatch(/at .*\.ts:\d+/);
    expect((await sandbox.api(account.api_key, '/v1/robots')).status).toBe(200);
  });
});

describe('control API resources', () => {
  it('creates, reads and patches an account without ever returning the key', async () => {
    const created = await sandbox.createAccount({
      name: 'Full',
      tier: 'business',
      capacity: 7,
      rate_limit_per_minute: 120,
      roles: ['social_dm'],
      return_url: 'https://partner.example/return',
      webhook: { url: 'http://127.0.0.1:9999/hook', auth_token: 'tok', custom_headers: { 'X-Env': 'test' } },
    });
    const read = await sandbox.control('GET', `/sandbox/api/accounts/${created.account_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      account_id: created.account_id,
      name: 'Full',
      tier: 'business',
      capacity: 7,
      rate_limit_per_minute: 120,
      lapsed: false,
      roles: ['social_dm'],
      excluded_attachment_kinds: [],
      return_url: 'https://partner.example/return',
      webhook: { url: 'http://127.0.0.1:9999/hook', auth_token: 'tok', custom_headers: { 'X-Env': 'test' } },
      webhook_secret: created.webhook_secret,
      key_expires_at: null,
    });
    expect(JSON.stringify(read.body)).not.toContain(created.api_key);

    const patched = await sandbox.patchAccount(created.account_id, {
      roles: ['robot_creation', 'social_dm'],
      excluded_attachment_kinds: ['video'],
      webhook: null,
      return_url: null,
      tier: 'professional',
    });
    expect(patched).toMatchObject({
      roles: ['robot_creation', 'social_dm'],
      excluded_attachment_kinds: ['video'],
      webhook: null,
      return_url: null,
      tier: 'professional',
    });

    const defaults = await sandbox.control('GET', `/sandbox/api/accounts/${account.account_id}`);
    expect(defaults.body).toMatchObject({ tier: 'basic', capacity: 3, rate_limit_per_minute: 300, roles: [] });
  });

  it('rotates the webhook secret', async () => {
    const created = await sandbox.createAccount();
    const rotated = await sandbox.control<{ webhook_secret: string }>(
      'POST',
      `/sandbox/api/accounts/${created.account_id}/webhook-secret/rotate`,
    );
    expect(rotated.status).toBe(201);
    expect(rotated.body.webhook_secret).toMatch(/^whsec_/);
    expect(rotated.body.webhook_secret).not.toBe(created.webhook_secret);
  });

  it('patches a robot and disconnects a channel', async () => {
    const robot = await sandbox.createRobot(account.account_id, { channels: [{ type: 'widget' }] });
    const patched = await sandbox.control('PATCH', `/sandbox/api/robots/${robot.id}`, {
      name: 'Renamed',
      external_id: 'ext-1',
      model: 'enhanced',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: robot.id, name: 'Renamed', external_id: 'ext-1' });

    const channelId = robot.channels[0]?.id ?? '';
    expect((await sandbox.control('DELETE', `/sandbox/api/channels/${channelId}`)).status).toBe(204);
    expectEnvelope(await sandbox.control('DELETE', `/sandbox/api/channels/${channelId}`), 404, 'not_found');
    const listed = await sandbox.api<{ data: { id: string; channels: unknown[] }[] }>(account.api_key, '/v1/robots');
    expect(listed.body.data.find((r) => r.id === robot.id)?.channels).toEqual([]);
  });

  it('refuses two channels of one type on a robot with 409 channel_type_taken', async () => {
    const result = await sandbox.control('POST', `/sandbox/api/accounts/${account.account_id}/robots`, {
      name: 'dup',
      channels: [
        { type: 'widget', is_active: false },
        { type: 'widget', is_active: false },
      ],
    });
    expectEnvelope(result, 409, 'channel_type_taken');
  });
});
