import { beforeAll, describe, expect, it } from 'vitest';
import { setUpSandbox, type AccountCreated, type ErrorBody, type RobotBody } from './support';

type Page = { data: RobotBody[]; pagination: { limit: number; offset: number; total_count: number; has_more: boolean } };

const sandbox = setUpSandbox();

describe('GET /v1/robots', () => {
  let account: AccountCreated;
  const names: string[] = [];

  beforeAll(async () => {
    account = await sandbox.createAccount({ capacity: 10 });
    // Created in this order; c, d and e share one created_at, so creation order breaks the tie.
    const times = ['2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z'];
    for (const [i, created_at] of times.entries()) {
      const name = `robot-${String.fromCharCode(97 + i)}`;
      names.push(name);
      await sandbox.createRobot(account.account_id, { name, created_at });
    }
  });

  it('lists newest first, later-created first on equal created_at (D3)', async () => {
    const result = await sandbox.api<Page>(account.api_key, '/v1/robots');
    expect(result.status).toBe(200);
    expect(result.body.data.map((r) => r.name)).toEqual(['robot-b', 'robot-e', 'robot-d', 'robot-c', 'robot-a']);
    expect(result.body.pagination).toEqual({ limit: 50, offset: 0, total_count: 5, has_more: false });
  });

  it('pages with has_more = offset + data.length < total_count', async () => {
    const cases: [string, number, boolean][] = [
      ['limit=2', 2, true],
      ['limit=2&offset=2', 2, true],
      ['limit=2&offset=4', 1, false],
      ['limit=5', 5, false],
      ['limit=100&offset=0', 5, false],
      ['offset=3', 2, false],
    ];
    for (const [query, length, hasMore] of cases) {
      const result = await sandbox.api<Page>(account.api_key, `/v1/robots?${query}`);
      expect(result.status, query).toBe(200);
      expect(result.body.data, query).toHaveLength(length);
      expect(result.body.pagination.has_more, query).toBe(hasMore);
      expect(result.body.pagination.total_count, query).toBe(5);
    }
    const second = await sandbox.api<Page>(account.api_key, '/v1/robots?limit=2&offset=2');
    expect(second.body.data.map((r) => r.name)).toEqual(['robot-d', 'robot-c']);
    expect(second.body.pagination).toMatchObject({ limit: 2, offset: 2 });
  });

  it('answers an empty page beyond the end', async () => {
    const result = await sandbox.api<Page>(account.api_key, '/v1/robots?limit=10&offset=50');
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual([]);
    expect(result.body.pagination).toEqual({ limit: 10, offset: 50, total_count: 5, has_more: false });
  });

  it('rejects every bad limit or offset with 400 invalid_parameter naming it', async () => {
    const bad: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=', 'limit'],
      ['limit=1e1', 'limit'],
      ['limit=%205', 'limit'],
      ['limit=2&limit=3', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=abc', 'offset'],
      ['offset=1.5', 'offset'],
      ['offset=', 'offset'],
    ];
    for (const [query, parameter] of bad) {
      const result = await sandbox.api<ErrorBody>(account.api_key, `/v1/robots?${query}`);
      expect(result.status, query).toBe(400);
      expect(result.body.error.code, query).toBe('invalid_parameter');
      expect(result.body.error.details.parameter, query).toBe(parameter);
      expect(typeof result.body.error.details.reason, query).toBe('string');
    }
  });

  it('shows the robot fields and channel summaries', async () => {
    const other = await sandbox.createAccount();
    const made = await sandbox.createRobot(other.account_id, {
      name: 'With channels',
      external_id: 'cust-42',
      channels: [{ type: 'messenger_bot' }, { type: 'widget', is_active: false }],
    });
    const result = await sandbox.api<Page>(other.api_key, '/v1/robots');
    const robot = result.body.data[0];
    expect(robot).toEqual(made);
    expect(robot?.id).toMatch(/^rb_/);
    expect(robot?.external_id).toBe('cust-42');
    expect(robot?.channels.map(({ type, is_active }) => ({ type, is_active }))).toEqual([
      { type: 'messenger_bot', is_active: true },
      { type: 'widget', is_active: false },
    ]);
    expect(Object.keys(robot ?? {}).sort()).toEqual(['channels', 'created_at', 'external_id', 'id', 'name']);
    expect(Number.isNaN(Date.parse(robot?.created_at ?? ''))).toBe(false);
  });
});

describe('DELETE /v1/robots/{robot_id}', () => {
  it('deletes with 204, then answers 404, and frees capacity', async () => {
    const account = await sandbox.createAccount({ capacity: 1 });
    const robot = await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }] });
    expect((await sandbox.account(account.account_id)).active_channels).toBe(1);

    const deleted = await sandbox.api(account.api_key, `/v1/robots/${robot.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');

    const again = await sandbox.api<ErrorBody>(account.api_key, `/v1/robots/${robot.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');

    expect((await sandbox.account(account.account_id)).active_channels).toBe(0);
    // The freed slot can be taken again.
    await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }] });
  });

  it("answers 404, never 403, for another partner's robot, which stays listed for its owner", async () => {
    const owner = await sandbox.createAccount({ name: 'Owner' });
    const stranger = await sandbox.createAccount({ name: 'Stranger' });
    const robot = await sandbox.createRobot(owner.account_id);

    const attempt = await sandbox.api<ErrorBody>(stranger.api_key, `/v1/robots/${robot.id}`, { method: 'DELETE' });
    const unknown = await sandbox.api<ErrorBody>(stranger.api_key, '/v1/robots/rb_doesnotexist000', { method: 'DELETE' });
    expect(attempt.status).toBe(404);
    expect(attempt.body.error.code).toBe('not_found');
    expect({ ...attempt.body.error, request_id: '' }).toEqual({ ...unknown.body.error, request_id: '' });

    const listed = await sandbox.api<Page>(owner.api_key, '/v1/robots');
    expect(listed.body.data.map((r) => r.id)).toContain(robot.id);
  });
});

describe('plan rules seen through /v1', () => {
  it('a lapsed plan switches every channel off (D6) and reads keep working', async () => {
    const account = await sandbox.createAccount({ capacity: 5 });
    await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }, { type: 'widget' }] });
    const patched = await sandbox.patchAccount(account.account_id, { lapsed: true });
    expect(patched).toMatchObject({ lapsed: true, active_channels: 0 });
    expect(patched).not.toHaveProperty('api_key');

    const result = await sandbox.api<Page>(account.api_key, '/v1/robots');
    expect(result.status).toBe(200);
    expect(result.body.data[0]?.channels.every((channel) => !channel.is_active)).toBe(true);

    const refused = await sandbox.control<ErrorBody>('POST', `/sandbox/api/accounts/${account.account_id}/robots`, {
      name: 'x',
      channels: [{ type: 'chat_app' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('plan_lapsed');
  });

  it('refuses panel channels beyond capacity with the D10 details', async () => {
    const account = await sandbox.createAccount({ capacity: 1 });
    const refused = await sandbox.control<ErrorBody>('POST', `/sandbox/api/accounts/${account.account_id}/robots`, {
      name: 'x',
      channels: [{ type: 'chat_app' }, { type: 'widget' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'capacity_exhausted', details: { occupied: 1, requested: 1, capacity: 1 } });
    // The whole creation was rolled back.
    const listed = await sandbox.api<Page>(account.api_key, '/v1/robots');
    expect(listed.body.data).toEqual([]);
  });
});
