import { describe, expect, it } from 'vitest';
import { accountWithRobot, activeChannels, connectBot, expectError, listedRobot, patchChannel } from './channels-support';
import { setUpSandbox } from './support';

const sandbox = setUpSandbox();

/** An account whose robot has one live bot channel. */
async function withLiveChannel(account: Record<string, unknown> = {}) {
  const setup = await accountWithRobot(sandbox, account);
  const channel = await connectBot(sandbox, setup.key, setup.robot.id);
  expect(channel.status).toBe(201);
  return { ...setup, channel: channel.body };
}

describe('PATCH /v1/robots/{robot_id}/channels/{channel_id}', () => {
  it('disables (freeing the slot) and enables again, answering the Channel', async () => {
    const { account, key, robot, channel } = await withLiveChannel();
    const off = await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...channel, is_active: false, status: 'disabled' });
    expect(await activeChannels(sandbox, account.account_id)).toBe(0);
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: channel.id, type: 'messenger_bot', is_active: false }]);

    const on = await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ ...channel, is_active: true, status: 'connected' });
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
  });

  it('is idempotent: setting the current state changes nothing and needs no slot', async () => {
    const { key, robot, channel } = await withLiveChannel({ capacity: 1 });
    const again = await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('connected');
    await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false });
    expect((await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false })).body.status).toBe('disabled');
  });

  it('answers 403 capacity_exhausted when enabling at capacity, and disabling still works', async () => {
    const { account, key, robot, channel } = await withLiveChannel({ capacity: 2 });
    await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false });
    await sandbox.createRobot(account.account_id, { name: 'Busy', channels: [{ type: 'widget' }, { type: 'chat_app' }] });
    const details = expectError(await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true }), 403, 'capacity_exhausted');
    expect(details).toEqual({ occupied: 2, requested: 1, capacity: 2 });
    // Disabling one of the others frees a slot at once.
    const busy = (await sandbox.api<{ data: { id: string; channels: { id: string }[] }[] }>(key, '/v1/robots')).body.data.find(
      (r) => r.id !== robot.id,
    );
    const widget = busy?.channels[0]?.id ?? '';
    expect((await patchChannel(sandbox, key, busy?.id ?? '', widget, { is_active: false })).status).toBe(200);
    expect((await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true })).status).toBe(200);
  });

  it('lapse turns every channel inactive; enabling answers plan_lapsed; renewal keeps them inactive until enabled', async () => {
    const { account, key, robot, channel } = await withLiveChannel();
    const other = await sandbox.createRobot(account.account_id, { name: 'Second', channels: [{ type: 'widget' }] });
    expect(await activeChannels(sandbox, account.account_id)).toBe(2);

    await sandbox.patchAccount(account.account_id, { lapsed: true });
    expect(await activeChannels(sandbox, account.account_id)).toBe(0);
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: channel.id, type: 'messenger_bot', is_active: false }]);
    expect((await listedRobot(sandbox, key, other.id))?.channels.every((c) => !c.is_active)).toBe(true);
    expectError(await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true }), 403, 'plan_lapsed');
    // Disabling never needs a live plan.
    expect((await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false })).status).toBe(200);

    await sandbox.patchAccount(account.account_id, { lapsed: false });
    expect(await activeChannels(sandbox, account.account_id)).toBe(0);
    const on = await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ is_active: true, status: 'connected' });
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
  });

  it('checks the plan before capacity (D25)', async () => {
    const { account, key, robot, channel } = await withLiveChannel({ capacity: 1 });
    await patchChannel(sandbox, key, robot.id, channel.id, { is_active: false });
    // A lapse switches every channel off, so a capacity of 0 is what leaves no slot alongside it.
    await sandbox.patchAccount(account.account_id, { capacity: 0 });
    expect(expectError(await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true }), 403, 'capacity_exhausted')).toEqual({
      occupied: 0,
      requested: 1,
      capacity: 0,
    });
    await sandbox.patchAccount(account.account_id, { lapsed: true });
    expectError(await patchChannel(sandbox, key, robot.id, channel.id, { is_active: true }), 403, 'plan_lapsed');
  });

  it('answers 422 validation_failed for a missing or non-boolean is_active', async () => {
    const { key, robot, channel } = await withLiveChannel();
    for (const body of [{}, { is_active: 'true' }, { is_active: 1 }, { is_active: null }]) {
      const details = expectError(await patchChannel(sandbox, key, robot.id, channel.id, body), 422, 'validation_failed');
      expect(JSON.stringify(details.issues), JSON.stringify(body)).toContain('is_active');
    }
    expectError(await patchChannel(sandbox, key, robot.id, channel.id, [true]), 422, 'validation_failed');
  });

  it('answers 400 invalid_json for a non-JSON body', async () => {
    const { key, robot, channel } = await withLiveChannel();
    const result = await sandbox.api(key, `/v1/robots/${robot.id}/channels/${channel.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'text/plain' },
      body: 'is_active=true',
    });
    expectError(result, 400, 'invalid_json');
  });

  it("answers 404 for another partner's channel or robot, an unknown id, or a channel of another robot, before the body", async () => {
    const mine = await withLiveChannel();
    const theirs = await withLiveChannel();
    const second = await sandbox.createRobot(mine.account.account_id, { name: 'Second' });
    const cases: [string, string][] = [
      [theirs.robot.id, theirs.channel.id],
      [mine.robot.id, theirs.channel.id],
      [mine.robot.id, 'ch_unknown'],
      [second.id, mine.channel.id],
    ];
    for (const [robotId, channelId] of cases) {
      expectError(await patchChannel(sandbox, mine.key, robotId, channelId, { is_active: false }), 404, 'not_found');
      // D25: existence (404) before the body schema (422).
      expectError(await patchChannel(sandbox, mine.key, robotId, channelId, { is_active: 'no' }), 404, 'not_found');
    }
    expect((await listedRobot(sandbox, theirs.key, theirs.robot.id))?.channels[0]?.is_active).toBe(true);
  });

  it('enables and disables panel-connected channel types too', async () => {
    const { account, key } = await accountWithRobot(sandbox);
    const robot = await sandbox.createRobot(account.account_id, {
      name: 'Panel',
      channels: [{ type: 'widget', is_active: false, username: 'site' }],
    });
    const widget = robot.channels[0]?.id ?? '';
    const on = await patchChannel(sandbox, key, robot.id, widget, { is_active: true });
    expect(on.body).toMatchObject({
      id: widget,
      type: 'widget',
      robot_id: robot.id,
      username: 'site',
      is_active: true,
      status: 'connected',
    });
  });
});
