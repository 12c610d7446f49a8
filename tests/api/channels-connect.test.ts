import { describe, expect, it } from 'vitest';
import { accountWithRobot, activeChannels, botToken, connect, connectBot, expectError, freshBot, listedRobot } from './channels-support';
import { setUpSandbox } from './support';

const sandbox = setUpSandbox();

describe('POST /v1/robots/{robot_id}/channels with a bot token', () => {
  it('connects a live channel with a username derived from the bot number (D7)', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox);
    const now = await sandbox.now();
    const result = await connectBot(sandbox, key, robot.id, '123456789');
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      id: expect.stringMatching(/^ch_[0-9A-Za-z]{16}$/),
      type: 'messenger_bot',
      robot_id: robot.id,
      username: 'bot_123456789',
      is_active: true,
      connected_at: expect.any(String),
      status: 'connected',
    });
    expect(Math.abs(Date.parse(result.body.connected_at ?? '') - now.getTime())).toBeLessThan(5_000);
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: result.body.id, type: 'messenger_bot', is_active: true }]);
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
  });

  it('answers 422 validation_failed for a bad body, naming the field', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const cases: [unknown, string][] = [
      [{}, 'type'],
      [{ type: 'messenger_bot' }, 'config'],
      [{ type: 'messenger_bot', config: {} }, 'config.token'],
      [{ type: 'messenger_bot', config: { token: 'not-a-token' } }, 'config.token'],
      [{ type: 'messenger_bot', config: { token: '12345:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }, 'config.token'],
      [{ type: 'messenger_bot', config: { token: `123456789:${'A'.repeat(29)}` } }, 'config.token'],
      [{ type: 'messenger_bot', config: { token: `123456789:${'A'.repeat(65)}` } }, 'config.token'],
      [{ type: 'messenger_bot', config: { token: 42 } }, 'config.token'],
      [{ type: 'social_dm', config: { token: botToken('123456789') } }, 'config'],
      [{ type: 'carrier_pigeon' }, 'type'],
      [[], ''],
    ];
    for (const [body, path] of cases) {
      const details = expectError(await connect(sandbox, key, robot.id, body), 422, 'validation_failed');
      expect(details.issues, JSON.stringify(body)).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
  });

  it('answers 422 validation_failed for every panel-only type (D8)', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    for (const type of ['chat_vendor_a', 'widget', 'chat_vendor_b', 'chat_vendor_c', 'chat_app']) {
      const details = expectError(await connect(sandbox, key, robot.id, { type }), 422, 'validation_failed');
      expect(JSON.stringify(details.issues)).toContain('panel');
    }
  });

  it('answers 422 invalid_credential when the provider refuses the token (D7)', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const token = botToken(freshBot(), `revoked${'x'.repeat(30)}`);
    const result = await connect(sandbox, key, robot.id, { type: 'messenger_bot', config: { token } });
    expectError(result, 422, 'invalid_credential');
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
  });

  it('answers 400 invalid_json for unparseable JSON or another content type', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const path = `/v1/robots/${robot.id}/channels`;
    const broken = await sandbox.api(key, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":' });
    expectError(broken, 400, 'invalid_json');
    const text = await sandbox.api(key, path, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"type":"social_dm"}' });
    expectError(text, 400, 'invalid_json');
  });

  it("answers 404 for an unknown robot or another partner's robot", async () => {
    const mine = await accountWithRobot(sandbox);
    const theirs = await accountWithRobot(sandbox);
    expectError(await connectBot(sandbox, mine.key, theirs.robot.id), 404, 'not_found');
    expectError(await connectBot(sandbox, mine.key, 'rb_doesNotExist0000'), 404, 'not_found');
    expect((await listedRobot(sandbox, theirs.key, theirs.robot.id))?.channels).toEqual([]);
  });

  it('answers 409 channel_type_taken for a second channel of a type', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const first = await connectBot(sandbox, key, robot.id);
    expect(first.status).toBe(201);
    const details = expectError(await connectBot(sandbox, key, robot.id), 409, 'channel_type_taken');
    expect(details).toMatchObject({ type: 'messenger_bot', channel_id: first.body.id });
  });

  it('answers 409 bot_already_connected for a bot live on another robot, by bot number', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox);
    const other = await sandbox.createRobot(account.account_id, { name: 'Other' });
    const digits = freshBot();
    expect((await connectBot(sandbox, key, robot.id, digits)).status).toBe(201);
    // Same bot number with another secret is the same bot.
    const again = await connect(sandbox, key, other.id, { type: 'messenger_bot', config: { token: botToken(digits, 'Z'.repeat(40)) } });
    expect(expectError(again, 409, 'bot_already_connected')).toEqual({ robot_id: robot.id });
    // On another partner's robot the conflict holds too, without naming the robot.
    const stranger = await accountWithRobot(sandbox);
    expect(expectError(await connectBot(sandbox, stranger.key, stranger.robot.id, digits), 409, 'bot_already_connected')).toEqual({});
  });

  it('answers 403 role_missing for social_dm without the role, and plan_lapsed for any connect', async () => {
    const noRole = await accountWithRobot(sandbox, { roles: [] });
    const details = expectError(await connect(sandbox, noRole.key, noRole.robot.id, { type: 'social_dm' }), 403, 'role_missing');
    expect(details).toEqual({ role: 'social_dm' });
    // A token channel needs no role.
    expect((await connectBot(sandbox, noRole.key, noRole.robot.id)).status).toBe(201);

    const lapsed = await accountWithRobot(sandbox);
    await sandbox.patchAccount(lapsed.account.account_id, { lapsed: true });
    expectError(await connectBot(sandbox, lapsed.key, lapsed.robot.id), 403, 'plan_lapsed');
    expectError(await connect(sandbox, lapsed.key, lapsed.robot.id, { type: 'social_dm' }), 403, 'plan_lapsed');
  });

  it('answers 403 capacity_exhausted with occupied, requested and capacity (D10)', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox, { capacity: 2 });
    await sandbox.createRobot(account.account_id, { name: 'Full', channels: [{ type: 'widget' }, { type: 'chat_app' }] });
    const details = expectError(await connectBot(sandbox, key, robot.id), 403, 'capacity_exhausted');
    expect(details).toEqual({ occupied: 2, requested: 1, capacity: 2 });
    // Disabled channels hold no slot.
    const roomy = await accountWithRobot(sandbox, { capacity: 1 });
    await sandbox.createRobot(roomy.account.account_id, { name: 'Off', channels: [{ type: 'widget', is_active: false }] });
    expect((await connectBot(sandbox, roomy.key, roomy.robot.id)).status).toBe(201);
  });
});

describe('order of checks (D25)', () => {
  it('puts 404 before 422, 422 before 403, 403 before 409, 409 before the credential and the credential before capacity', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox, { capacity: 1, roles: [] });
    const stranger = await accountWithRobot(sandbox);
    // Unparseable body on an unknown robot: 400 before 404; an overlong id is a 400 parameter error.
    const raw = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' };
    expectError(await sandbox.api(key, `/v1/robots/${stranger.robot.id}/channels`, raw), 400, 'invalid_json');
    expectError(await connect(sandbox, key, 'r'.repeat(201), { type: 'widget' }), 400, 'invalid_parameter');
    // Unknown robot and a bad body: 404.
    expectError(await connect(sandbox, key, stranger.robot.id, { type: 'widget' }), 404, 'not_found');
    // Bad body and a missing role: 422.
    expectError(await connect(sandbox, key, robot.id, { type: 'social_dm', config: {} }), 422, 'validation_failed');

    expect((await connectBot(sandbox, key, robot.id)).status).toBe(201); // capacity now full
    // Missing role: 403 role_missing.
    expectError(await connect(sandbox, key, robot.id, { type: 'social_dm' }), 403, 'role_missing');
    // Type taken, revoked token and full capacity at once: 409 wins.
    const revoked = botToken(freshBot(), `revoked${'y'.repeat(30)}`);
    expectError(await connect(sandbox, key, robot.id, { type: 'messenger_bot', config: { token: revoked } }), 409, 'channel_type_taken');
    // Revoked token and full capacity: the credential (422) comes before capacity (403).
    const second = await sandbox.createRobot(account.account_id, { name: 'Second' });
    expectError(await connect(sandbox, key, second.id, { type: 'messenger_bot', config: { token: revoked } }), 422, 'invalid_credential');
    expectError(await connectBot(sandbox, key, second.id), 403, 'capacity_exhausted');
    // Lapsed plan and a taken type: 403 plan_lapsed comes before the conflict.
    await sandbox.patchAccount(account.account_id, { lapsed: true });
    expectError(await connectBot(sandbox, key, robot.id), 403, 'plan_lapsed');
  });
});

describe('disconnect and reconnect (contract: history restored)', () => {
  it('gives a bot reconnected to the same robot its old channel id back', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox);
    const digits = freshBot();
    const first = await connectBot(sandbox, key, robot.id, digits);
    expect(first.status).toBe(201);
    expect((await sandbox.control('DELETE', `/sandbox/api/channels/${first.body.id}`)).status).toBe(204);
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
    expect(await activeChannels(sandbox, account.account_id)).toBe(0);

    await sandbox.advanceClock(60);
    const again = await connect(sandbox, key, robot.id, { type: 'messenger_bot', config: { token: botToken(digits, 'N'.repeat(40)) } });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, username: `bot_${digits}`, is_active: true, status: 'connected' });
    expect(Date.parse(again.body.connected_at ?? '')).toBeGreaterThan(Date.parse(first.body.connected_at ?? ''));
  });

  it('gives another bot, or the same bot on another robot, a new id; the first robot still remembers it', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox);
    const other = await sandbox.createRobot(account.account_id, { name: 'Other' });
    const digits = freshBot();
    const first = await connectBot(sandbox, key, robot.id, digits);
    await sandbox.control('DELETE', `/sandbox/api/channels/${first.body.id}`);

    const elsewhere = await connectBot(sandbox, key, other.id, digits);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
    const newcomer = await connectBot(sandbox, key, robot.id);
    expect(newcomer.body.id).not.toBe(first.body.id);

    await sandbox.control('DELETE', `/sandbox/api/channels/${elsewhere.body.id}`);
    await sandbox.control('DELETE', `/sandbox/api/channels/${newcomer.body.id}`);
    const back = await connectBot(sandbox, key, robot.id, digits);
    expect(back.body.id).toBe(first.body.id);
  });

  it('keeps the memory across a restart', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const digits = freshBot();
    const first = await connectBot(sandbox, key, robot.id, digits);
    await sandbox.control('DELETE', `/sandbox/api/channels/${first.body.id}`);
    await sandbox.restart();
    expect((await connectBot(sandbox, key, robot.id, digits)).body.id).toBe(first.body.id);
  });

  it('answers 404 when the control API deletes an unknown channel', async () => {
    expectError(await sandbox.control('DELETE', '/sandbox/api/channels/ch_unknown'), 404, 'not_found');
  });
});

describe('OpenAPI document', () => {
  it('declares both channel routes with their error statuses', async () => {
    type Ops = Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const doc = await sandbox.fetch<{ paths: Ops; components: { schemas: Record<string, unknown> } }>('/v1/openapi.json');
    const connectOp = doc.body.paths['/v1/robots/{robot_id}/channels']?.post;
    const patchOp = doc.body.paths['/v1/robots/{robot_id}/channels/{channel_id}']?.patch;
    expect(Object.keys(connectOp?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '403', '404', '409', '410', '422']));
    expect(Object.keys(patchOp?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '403', '404', '422']));
    expect(doc.body.components.schemas).toHaveProperty('Channel');
    expect(doc.body.components.schemas).toHaveProperty('PendingChannel');
    // The consent screen is for browsers, not part of /v1.
    expect(Object.keys(doc.body.paths).some((path) => path.includes('authorise'))).toBe(false);
  });
});
