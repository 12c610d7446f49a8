import { beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer, postConversation, postMessages, setUpSandbox, type ErrorBody, type RobotBody } from './support';
import { DAY, entryOf, iso, usage, type UsageBody } from './usage-support';

const sandbox = setUpSandbox();
let now: number;

beforeAll(async () => {
  now = (await sandbox.now()).getTime();
});

const noonOf = (ms: number) => Math.floor(ms / DAY) * DAY + DAY / 2;

describe('GET /v1/usage figures', () => {
  it('counts messages by role, one entry per robot in GET /v1/robots order, idle robots included', async () => {
    const account = await sandbox.createAccount({ capacity: 10 });
    const times = ['2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z', '2025-06-01T00:00:00Z'];
    const robots: RobotBody[] = [];
    for (const [i, created_at] of times.entries()) {
      robots.push(await sandbox.createRobot(account.account_id, { name: `r${i}`, created_at, external_id: `cust-${i}` }));
    }
    const [busy, , idle] = robots;
    if (!busy || !idle) throw new Error('robots missing');
    await postConversation(sandbox, busy.id, [{ role: 'client' }, { role: 'ai' }, { role: 'client' }, { role: 'operator' }]);
    await postConversation(sandbox, busy.id, [{ role: 'client' }, { role: 'ai' }]);

    const result = await usage(sandbox, account.api_key);
    expect(result.status).toBe(200);
    const listed = await sandbox.api<{ data: RobotBody[] }>(account.api_key, '/v1/robots');
    expect(result.body.data.map((e) => e.robot_id)).toEqual(listed.body.data.map((r) => r.id));
    expect(result.body.data.map((e) => e.name)).toEqual(['r2', 'r1', 'r0', 'r3']);
    expect(entryOf(result.body, busy.id)).toEqual({
      robot_id: busy.id,
      external_id: null,
      name: 'r0',
      messages: { total: 6, units: 6, by_role: { client: 3, ai: 2, operator: 1 } },
      conversations: { total: 2 },
      channels_connected: 0,
    });
    expect(entryOf(result.body, idle.id)).toMatchObject({
      external_id: null,
      messages: { total: 0, units: 0, by_role: { client: 0, ai: 0, operator: 0 } },
      conversations: { total: 0 },
    });
    expect(result.body.pagination).toEqual({ limit: 50, offset: 0, total_count: 4, has_more: false });
    expect(result.body.metadata.cache_hit).toBe(false);
  });

  it('prices each message by the model at its time, the first model before the first change (D12)', async () => {
    const account = await sandbox.createAccount();
    const a = await sandbox.createRobot(account.account_id, { name: 'a', model: 'standard', created_at: iso(now - 100 * DAY) });
    const b = await sandbox.createRobot(account.account_id, { name: 'b', model: 'enhanced', created_at: iso(now - 10 * DAY) });
    const t0 = (await sandbox.now()).getTime();
    // Before the robot existed and before any change: the first model.
    const conv = await postConversation(sandbox, a.id, [
      { role: 'client', at: iso(t0 - 200 * DAY) },
      { role: 'ai', at: iso(t0 - 10 * DAY) },
    ]);
    await postConversation(sandbox, b.id, [{ role: 'client', at: iso(t0 - 50 * DAY) }]);
    // Dated ahead of the clock, so the change below re-prices it.
    await postMessages(sandbox, conv, [{ role: 'ai', at: iso(t0 + 3 * 3_600_000) }]);

    expectAnswer(await sandbox.admin.patchRobot(a.id, { model: 'enhanced' }), 200);
    expectAnswer(await sandbox.admin.patchRobot(b.id, { model: 'standard' }), 200);
    // Setting the model it already has is no change.
    expectAnswer(await sandbox.admin.patchRobot(b.id, { model: 'standard' }), 200);
    await postMessages(sandbox, conv, [{ role: 'client' }, { role: 'ai' }]);
    await postConversation(sandbox, b.id, [{ role: 'client' }]);
    await sandbox.advanceClock(3600);
    expectAnswer(await sandbox.admin.patchRobot(a.id, { model: 'standard' }), 200);
    await postMessages(sandbox, conv, [{ role: 'operator' }]);

    const t1 = (await sandbox.now()).getTime();
    const all = await usage(sandbox, account.api_key, { from: iso(t1 - 250 * DAY), to: iso(t1 + 4 * 3_600_000) });
    expect(all.status).toBe(200);
    // a: 1 (day -200) + 1 (day -10) + 2 + 2 (after the first change) + 1 (+3 h, after the second) + 1 (operator).
    expect(entryOf(all.body, a.id).messages).toMatchObject({ total: 6, units: 8 });
    // b: 2 (enhanced, its first model, before the change) + 1 (standard after it).
    expect(entryOf(all.body, b.id).messages).toMatchObject({ total: 2, units: 3 });

    // A window holding the model change: the day -10 message at 1, the two after it at 2 each.
    const mid = await usage(sandbox, account.api_key, { from: iso(t0 - 20 * DAY), to: iso(t0 + 30 * 60_000) });
    expect(entryOf(mid.body, a.id).messages).toMatchObject({ total: 3, units: 5 });
  });

  it('includes messages exactly at from and exactly at to, and nothing outside', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    const from = now - 40 * DAY + 13 * 3_600_000 + 17 * 60_000 + 5_123;
    const to = now - 2 * DAY - 4 * 3_600_000 + 456;
    await postConversation(sandbox, robot.id, [
      { role: 'client', at: iso(from - 1) },
      { role: 'client', at: iso(from) },
      { role: 'ai', at: iso(to) },
      { role: 'ai', at: iso(to + 1) },
    ]);
    const result = await usage(sandbox, account.api_key, { from: iso(from), to: iso(to) });
    expect(result.body.window).toEqual({ from: iso(from), to: iso(to) });
    expect(entryOf(result.body, robot.id).messages).toEqual({ total: 2, units: 2, by_role: { client: 1, ai: 1, operator: 0 } });
    const instant = await usage(sandbox, account.api_key, { from: iso(to), to: iso(to) });
    expect(entryOf(instant.body, robot.id).messages.total).toBe(1);
  });

  it('counts a conversation spanning several days once', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    const a = noonOf(now - 60 * DAY);
    await postConversation(sandbox, robot.id, [
      { role: 'client', at: iso(a) },
      { role: 'ai', at: iso(a + 3 * DAY) },
      { role: 'client', at: iso(a + 7 * DAY) },
    ]);
    await postConversation(sandbox, robot.id, [{ role: 'client', at: iso(a + 3 * DAY + 60_000) }]);
    const cases: [number, number, number, number][] = [
      // from, to, conversations, messages
      [a - DAY, a + 8 * DAY, 2, 4],
      [a - 12 * 3_600_000, a + 7 * DAY + 12 * 3_600_000, 2, 4],
      [a + 3_600_000, a + 7 * DAY - 3_600_000, 2, 2],
      [a + 3 * DAY - 12 * 3_600_000, a + 3 * DAY + 12 * 3_600_000 - 1, 2, 2],
      [a + DAY, a + 2 * DAY, 0, 0],
      [a, a + 2 * DAY, 1, 1],
      [a + 4 * DAY, a + 7 * DAY, 1, 1],
    ];
    for (const [from, to, conversations, messages] of cases) {
      const result = await usage(sandbox, account.api_key, { from: iso(from), to: iso(to) });
      const entry = entryOf(result.body, robot.id);
      expect(entry.conversations.total, `${iso(from)}..${iso(to)}`).toBe(conversations);
      expect(entry.messages.total, `${iso(from)}..${iso(to)}`).toBe(messages);
    }
  });

  it('defaults to the last 30 days ending now when from and to are both absent', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    const t = (await sandbox.now()).getTime();
    await postConversation(sandbox, robot.id, [
      { role: 'client', at: iso(t - 31 * DAY) },
      { role: 'client', at: iso(t - 29 * DAY) },
      { role: 'ai', at: iso(t - 3_600_000) },
    ]);
    const result = await usage(sandbox, account.api_key);
    expect(result.status).toBe(200);
    const { from, to } = result.body.window;
    expect(Date.parse(to) - Date.parse(from)).toBe(30 * DAY);
    expect(to).toBe(result.body.metadata.processed_at);
    expect(Math.abs(Date.parse(to) - t)).toBeLessThan(60_000);
    expect(entryOf(result.body, robot.id).messages.total).toBe(2);
    expect(entryOf(result.body, robot.id).conversations.total).toBe(1);
  });

  it('reports channels connected now, not windowed: active channels only', async () => {
    const account = await sandbox.createAccount({ capacity: 10 });
    const robot = await sandbox.createRobot(account.account_id, {
      channels: [{ type: 'messenger_bot' }, { type: 'widget' }, { type: 'chat_app', is_active: false }],
    });
    const result = await usage(sandbox, account.api_key, { from: iso(now - 400 * DAY), to: iso(now - 399 * DAY) });
    expect(entryOf(result.body, robot.id)).toMatchObject({ channels_connected: 2, messages: { total: 0 } });
  });

  it('narrows to one robot and pages over robots with limit and offset (D3)', async () => {
    const account = await sandbox.createAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await sandbox.createRobot(account.account_id, { name: `p${i}` })).id);
    const page = await usage(sandbox, account.api_key, { limit: 2, offset: 1 });
    expect(page.body.data.map((e) => e.name)).toEqual(['p3', 'p2']);
    expect(page.body.pagination).toEqual({ limit: 2, offset: 1, total_count: 5, has_more: true });
    const last = await usage(sandbox, account.api_key, { limit: 2, offset: 4 });
    expect(last.body.pagination).toEqual({ limit: 2, offset: 4, total_count: 5, has_more: false });

    const one = await usage(sandbox, account.api_key, { robot_id: ids[1] ?? '' });
    expect(one.body.data.map((e) => e.name)).toEqual(['p1']);
    expect(one.body.pagination).toEqual({ limit: 50, offset: 0, total_count: 1, has_more: false });
    const beyond = await usage(sandbox, account.api_key, { robot_id: ids[1] ?? '', offset: 1 });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.total_count).toBe(1);
  });

  it("answers 404 for an unknown robot and another partner's robot alike", async () => {
    const owner = await sandbox.createAccount();
    const stranger = await sandbox.createAccount();
    const robot = await sandbox.createRobot(owner.account_id);
    const foreign = await usage(sandbox, stranger.api_key, { robot_id: robot.id });
    const unknown = await usage(sandbox, stranger.api_key, { robot_id: 'rb_doesnotexist0000' });
    for (const result of [foreign, unknown]) {
      expect(result.status).toBe(404);
      expect((result.body as unknown as ErrorBody).error.code).toBe('not_found');
    }
    expect({ ...(foreign.body as unknown as ErrorBody).error, request_id: '' }).toEqual({
      ...(unknown.body as unknown as ErrorBody).error,
      request_id: '',
    });
  });

  it('answers breakdown=source with the standard payload (pre-release)', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    await postConversation(sandbox, robot.id, [{ role: 'client' }, { role: 'ai' }], { channel_type: 'social_dm', source: 'comment' });
    const window = { from: iso(now - DAY), to: iso(now + DAY) };
    const plain = await usage(sandbox, account.api_key, window);
    const source = await usage(sandbox, account.api_key, { ...window, breakdown: 'source' });
    expect(source.status).toBe(200);
    expect(source.body.data).toEqual(plain.body.data);
    expect(source.body.window).toEqual(plain.body.window);
    const entry = entryOf(source.body, robot.id);
    expect(Object.keys(entry).sort()).toEqual(['channels_connected', 'conversations', 'external_id', 'messages', 'name', 'robot_id']);
    expect(Object.keys(source.body).sort()).toEqual(['data', 'metadata', 'pagination', 'window'] satisfies (keyof UsageBody)[]);
  });
});
