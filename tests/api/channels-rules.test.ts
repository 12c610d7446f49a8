import { describe, expect, it } from 'vitest';
import type { ApiResult, ErrorBody } from './support';
import {
  accountWithRobot,
  botToken,
  connect,
  connectBot,
  connectSocial,
  expectError,
  freshBot,
  listedRobot,
  patchChannel,
  pendingHandshake,
} from './channels-support';
import { REQUEST_ID, setUpSandbox } from './support';

const sandbox = setUpSandbox();

/** The whole error a partner's developer reads: code, message and details. */
function refusal(result: ApiResult<unknown>) {
  const { error } = result.body as ErrorBody;
  expect(error.request_id).toMatch(REQUEST_ID);
  return { status: result.status, code: error.code, message: error.message, details: error.details };
}

describe('the bot token’s shape (D7): `<6-12 digits>:<30-64 of A-Z a-z 0-9 _ ->`', () => {
  it('accepts the shortest and longest bot numbers and secrets, with _ and - in the secret', async () => {
    const { account } = await accountWithRobot(sandbox, { capacity: 10 });
    const tokens = [
      `${freshBot().slice(0, 6)}:${'a'.repeat(30)}`,
      `${freshBot()}000:${'Z'.repeat(64)}`,
      `${freshBot()}:${'_-'.repeat(15)}`,
      `${freshBot()}:${'0123456789'.repeat(3)}`,
    ];
    for (const token of tokens) {
      const robot = await sandbox.createRobot(account.account_id, { name: 'Token shapes' });
      const result = await connect(sandbox, account.api_key, robot.id, { type: 'messenger_bot', config: { token } });
      expect(result.status, token).toBe(201);
      expect(result.body.username).toBe(`bot_${token.slice(0, token.indexOf(':'))}`);
    }
  });

  it('refuses anything around or inside it with 422 validation_failed on config.token', async () => {
    const { key, robot } = await accountWithRobot(sandbox);
    const secret = 'A'.repeat(30);
    const tokens = [
      `1234567890123:${secret}`, // 13 digits
      `x123456789:${secret}`, // something before the number
      `123456789:${secret}!`, // something after the secret
      `123456789:${'A'.repeat(29)}+`, // a character outside the set
      `12345a789:${secret}`, // a letter in the number
      `123456789${secret}`, // no colon
      ` 123456789:${secret}`,
    ];
    for (const token of tokens) {
      const details = expectError(
        await connect(sandbox, key, robot.id, { type: 'messenger_bot', config: { token } }),
        422,
        'validation_failed',
      );
      expect(details.issues, token).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'config.token' })]));
    }
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
  });
});

describe('every refusal of a channel rule says what it refused and what to do', () => {
  it('connect: role, plan, a taken type, a bot live elsewhere, a refused credential, a full plan', async () => {
    const noRole = await accountWithRobot(sandbox, { roles: [] });
    expect(refusal(await connectSocial(sandbox, noRole.key, noRole.robot.id))).toEqual({
      status: 403,
      code: 'role_missing',
      message: 'The account lacks the social_dm role.',
      details: { role: 'social_dm' },
    });

    const lapsed = await accountWithRobot(sandbox);
    await sandbox.patchAccount(lapsed.account.account_id, { lapsed: true });
    for (const attempt of [connectBot(sandbox, lapsed.key, lapsed.robot.id), connectSocial(sandbox, lapsed.key, lapsed.robot.id)]) {
      expect(refusal(await attempt)).toEqual({
        status: 403,
        code: 'plan_lapsed',
        message: 'The plan has lapsed; renew it before connecting a channel.',
        details: {},
      });
    }

    const { account, key, robot } = await accountWithRobot(sandbox, { capacity: 1 });
    const digits = freshBot();
    const first = await connectBot(sandbox, key, robot.id, digits);
    expect(refusal(await connectBot(sandbox, key, robot.id))).toEqual({
      status: 409,
      code: 'channel_type_taken',
      message: 'The robot already holds a messenger_bot channel.',
      details: { type: 'messenger_bot', channel_id: first.body.id },
    });
    const second = await sandbox.createRobot(account.account_id, { name: 'Second' });
    expect(refusal(await connectBot(sandbox, key, second.id, digits))).toEqual({
      status: 409,
      code: 'bot_already_connected',
      message: 'This bot is connected to another robot; disconnect it there first.',
      details: { robot_id: robot.id },
    });
    const revoked = botToken(freshBot(), `revoked${'z'.repeat(30)}`);
    expect(refusal(await connect(sandbox, key, second.id, { type: 'messenger_bot', config: { token: revoked } }))).toEqual({
      status: 422,
      code: 'invalid_credential',
      message: 'The channel provider did not accept this bot token.',
      details: {},
    });
    expect(refusal(await connectBot(sandbox, key, second.id))).toEqual({
      status: 403,
      code: 'capacity_exhausted',
      message: 'The plan has no free channel slot.',
      details: { occupied: 1, requested: 1, capacity: 1 },
    });
  });

  it('social_dm: an open handshake, a finished social_dm channel, an expired handshake', async () => {
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    expect(refusal(await connectSocial(sandbox, key, robot.id))).toEqual({
      status: 409,
      code: 'handshake_open',
      message: 'A social_dm handshake is already open on this robot; wait until it ends.',
      details: { expires_at: handshake.expires_at, channel_id: handshake.id },
    });
    await sandbox.admin.decideHandshake(handshake.id, 'approve');
    expect(refusal(await connectSocial(sandbox, key, robot.id))).toEqual({
      status: 409,
      code: 'channel_type_taken',
      message: 'The robot already holds a social_dm channel.',
      details: { type: 'social_dm', channel_id: handshake.id },
    });

    const expiring = await pendingHandshake(sandbox);
    await sandbox.advanceClock(15 * 60 + 1);
    expect(refusal(await connectSocial(sandbox, expiring.key, expiring.robot.id))).toEqual({
      status: 410,
      code: 'handshake_expired',
      message: 'The previous social_dm handshake expired before it was finished; start again.',
      details: { expired_at: expiring.handshake.expires_at },
    });
  });

  it('enable: a lapsed plan, then no free slot', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox, { capacity: 1 });
    const channel = (await connectBot(sandbox, key, robot.id)).body;
    await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false });
    await sandbox.patchAccount(account.account_id, { lapsed: true });
    expect(refusal(await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true }))).toEqual({
      status: 403,
      code: 'plan_lapsed',
      message: 'The plan has lapsed; renew it before enabling a channel.',
      details: {},
    });
    await sandbox.patchAccount(account.account_id, { lapsed: false, capacity: 0 });
    expect(refusal(await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true }))).toEqual({
      status: 403,
      code: 'capacity_exhausted',
      message: 'The plan has no free channel slot.',
      details: { occupied: 0, requested: 1, capacity: 0 },
    });
  });
});

describe('the control API’s channel refusals', () => {
  it('a second channel of a type, added to a robot or with a new robot, names the type and the channel holding it', async () => {
    const { account } = await accountWithRobot(sandbox, { capacity: 10 });
    const robot = await sandbox.createRobot(account.account_id, { name: 'Panel', channels: [{ type: 'widget' }] });
    const holder = robot.channels[0]?.id;
    const again = await sandbox.control('POST', `/sandbox/api/robots/${robot.id}/channels`, { type: 'widget' });
    expect(refusal(again)).toEqual({
      status: 409,
      code: 'channel_type_taken',
      message: 'The robot already holds a widget channel.',
      details: { type: 'widget', channel_id: holder },
    });
    const twice = await sandbox.control('POST', `/sandbox/api/accounts/${account.account_id}/robots`, {
      name: 'Twice',
      channels: [{ type: 'chat_app' }, { type: 'chat_app' }],
    });
    expect(refusal(twice)).toMatchObject({
      status: 409,
      code: 'channel_type_taken',
      message: 'The robot already holds a chat_app channel.',
    });
  });

  it('removing an unknown channel answers 404 naming what was not found', async () => {
    expect(refusal(await sandbox.control('DELETE', '/sandbox/api/channels/ch_unknown'))).toEqual({
      status: 404,
      code: 'not_found',
      message: 'No such channel.',
      details: {},
    });
  });
});

describe('a robot’s channels', () => {
  it('are listed in the order they were connected', async () => {
    const { account, key } = await accountWithRobot(sandbox, { capacity: 10 });
    const robot = await sandbox.createRobot(account.account_id, { name: 'Many', channels: [{ type: 'widget' }, { type: 'chat_app' }] });
    const bot = await connectBot(sandbox, key, robot.id);
    const listed = (await listedRobot(sandbox, key, robot.id))?.channels.map((c) => c.type);
    expect(listed).toEqual(['widget', 'chat_app', 'messenger_bot']);
    expect(bot.status).toBe(201);
  });

  it('can always be disabled, even when the plan has no free slot left', async () => {
    const { account, key, robot } = await accountWithRobot(sandbox, { capacity: 1 });
    const channel = (await connectBot(sandbox, key, robot.id)).body;
    await sandbox.patchAccount(account.account_id, { capacity: 0 });
    const off = await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ is_active: false, status: 'disabled' });
  });
});
