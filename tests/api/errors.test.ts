import { beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID, setUpSandbox, type AccountCreated, type ErrorBody } from './support';

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
