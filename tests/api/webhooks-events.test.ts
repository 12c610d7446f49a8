import { describe, expect, it } from 'vitest';
import type { NewOutage, NewRobot } from '../../sandbox/control-client/types';
import { expectAnswer, postConversation, postMessages, type Json, type MessageSpec } from './support';
import { listDeliveries, setUpSandboxAndReceiver, waitFor, type DeliveryList } from './webhooks-support';

const { sandbox, receiver } = setUpSandboxAndReceiver();

type ChannelSpec = NonNullable<NewRobot['channels']>[number];

async function setup(channel: ChannelSpec = { type: 'social_dm' }) {
  const account = await sandbox.createAccount({ capacity: 5, webhook: { url: receiver.url, auth_token: 't' } });
  const robot = await sandbox.createRobot(account.account_id, { external_id: 'ext-9', channels: [channel] });
  return { account, robot };
}

const converse = (robotId: string, messages: MessageSpec[]) => postConversation(sandbox, robotId, messages);
const post = (conversationId: string, messages: MessageSpec[]) => postMessages(sandbox, conversationId, messages);

async function deliveredTypes(key: string): Promise<DeliveryList['data']> {
  return (await listDeliveries(sandbox, key, '?limit=100')).data.reverse();
}

async function replies(conversationId: string) {
  return expectAnswer(await sandbox.admin.listReplies(conversationId), 200).data;
}

async function outage(body: NewOutage) {
  expectAnswer(await sandbox.admin.startOutage(body), 201);
}

describe('conversation events become deliveries (D17)', () => {
  it('delivers chat and message events carrying conversation_id, robot_id and external_id', async () => {
    const { account, robot } = await setup();
    const id = await converse(robot.id, [{ role: 'client', text: 'hi' }]);
    await post(id, [
      { role: 'ai', text: 'hello' },
      { role: 'operator', text: 'Sam here' },
    ]);
    expectAnswer(await sandbox.admin.closeConversation(id), 200);

    const list = await deliveredTypes(account.api_key);
    expect(list.map((d) => d.event_type)).toEqual(['chat.started', 'message.received', 'message.sent', 'message.sent', 'chat.closed']);
    for (const delivery of list) {
      expect(delivery.payload).toMatchObject({ conversation_id: id, robot_id: robot.id, external_id: 'ext-9', type: delivery.event_type });
    }
    const received = await waitFor(() => {
      const mine = receiver.requests.filter((r) => (JSON.parse(r.body) as Json).conversation_id === id);
      return mine.length === 5 ? mine : undefined;
    }, 'five deliveries');
    expect(received.map((r) => (JSON.parse(r.body) as Json).type).sort()).toEqual(list.map((d) => d.event_type).sort());
  });

  it('emits nothing for a disabled or disconnected channel', async () => {
    const { account, robot } = await setup({ type: 'widget', is_active: false });
    const quiet = await converse(robot.id, [{ role: 'client', text: 'anyone?' }]);
    await post(quiet, [{ role: 'ai', text: 'hello' }]);
    expect(await deliveredTypes(account.api_key)).toEqual([]);

    const live = await setup({ type: 'chat_app' });
    const conversation = await converse(live.robot.id, [{ role: 'client', text: 'hi' }]);
    expectAnswer(await sandbox.admin.deleteChannel(live.robot.channels[0]?.id ?? ''), 204);
    await post(conversation, [
      { role: 'client', text: 'still there?' },
      { role: 'ai', text: 'yes' },
    ]);
    expect((await deliveredTypes(live.account.api_key)).map((d) => d.event_type)).toEqual(['chat.started', 'message.received']);
  });
});

describe('automated replies (D21, social platform limits)', () => {
  it('queues a reply during a provider outage and drops it after 2 h with message.failed queue_expired', async () => {
    const { account, robot } = await setup();
    const id = await converse(robot.id, [{ role: 'client', text: 'hi' }]);
    await outage({ channel_type: 'social_dm', until_seconds: 3 * 3600 });
    const posted = await post(id, [{ role: 'ai', text: 'queued one' }]);
    expect(posted.replies).toEqual([{ message_id: expect.stringMatching(/^msg_/), status: 'queued', reason: null }]);
    expect(posted.message_ids).toEqual([]);

    // Stops 3 s short of the 2 h: the clock also runs on wall time, and a slow machine may take a second.
    await sandbox.advanceClock(2 * 3600 - 3);
    expect((await replies(id))[0]).toMatchObject({ status: 'queued' });
    await sandbox.advanceClock(3);
    const [dropped] = await replies(id);
    expect(dropped).toMatchObject({ status: 'dropped', reason: 'queue_expired', finished_at: dropped?.expires_at });

    const list = await deliveredTypes(account.api_key);
    expect(list.map((d) => d.event_type)).toEqual(['chat.started', 'message.received', 'message.failed']);
    expect(list[2]?.payload).toMatchObject({
      conversation_id: id,
      external_id: 'ext-9',
      created_at: dropped?.expires_at,
      data: { reason: 'queue_expired', message: { id: posted.replies[0]?.message_id, role: 'ai', text: 'queued one' } },
    });
    expect(expectAnswer(await sandbox.admin.getConversation(id), 200).messages).toHaveLength(1);
    await sandbox.admin.endOutages();
  });

  it('sends a queued reply once the outage ends, emitting message.sent then, in order', async () => {
    const { account, robot } = await setup();
    const id = await converse(robot.id, [{ role: 'client', text: 'hi' }]);
    await outage({ until_seconds: 600 });
    const posted = await post(id, [
      { role: 'ai', text: 'first' },
      { role: 'ai', text: 'second' },
    ]);
    expect(posted.replies.map((r) => r.status)).toEqual(['queued', 'queued']);
    expect((await deliveredTypes(account.api_key)).map((d) => d.event_type)).toEqual(['chat.started', 'message.received']);

    await sandbox.advanceClock(600);
    expect((await replies(id)).map((r) => r.status)).toEqual(['sent', 'sent']);
    const sent = (await deliveredTypes(account.api_key)).filter((d) => d.event_type === 'message.sent');
    expect(sent.map((d) => (d.payload.data.message as Json).text)).toEqual(['first', 'second']);
    expect(sent.map((d) => (d.payload.data.message as Json).id)).toEqual(posted.replies.map((r) => r.message_id));

    // Ended early through the control API: sent before the answer.
    await outage({ channel_type: 'social_dm', until_seconds: 3600 });
    const third = await post(id, [{ role: 'ai', text: 'third' }]);
    expect(third.replies[0]?.status).toBe('queued');
    expectAnswer(await sandbox.admin.endOutages(), 204);
    expect((await replies(id)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('fails a reply outside the 24 h window at once, with no queue', async () => {
    const { account, robot } = await setup();
    const now = (await sandbox.now()).getTime();
    const id = await converse(robot.id, [{ role: 'client', text: 'old', at: new Date(now - 25 * 3600_000).toISOString() }]);
    const posted = await post(id, [{ role: 'ai', text: 'too late' }]);
    expect(posted.replies).toEqual([{ message_id: expect.stringMatching(/^msg_/), status: 'failed', reason: 'outside_window' }]);
    const failed = (await deliveredTypes(account.api_key)).find((d) => d.event_type === 'message.failed');
    expect(failed?.payload.data).toMatchObject({ reason: 'outside_window' });

    // A new message from the customer opens the window again.
    const again = await post(id, [
      { role: 'client', text: 'back' },
      { role: 'ai', text: 'welcome back' },
    ]);
    expect(again.replies[0]?.status).toBe('sent');
  });

  it('holds replies over the platform send rate (10/s for audio) in the queue and sends them within seconds', async () => {
    const { robot } = await setup();
    const id = await converse(robot.id, [{ role: 'client', text: 'hi' }]);
    const posted = await post(
      id,
      Array.from({ length: 25 }, (_, i) => ({ role: 'ai', text: `clip ${i}`, kind: 'audio' })),
    );
    const sentNow = posted.replies.filter((r) => r.status === 'sent').length;
    expect(sentNow).toBeGreaterThanOrEqual(10);
    expect(sentNow).toBeLessThan(25);
    expect(posted.replies.slice(sentNow).every((r) => r.status === 'queued')).toBe(true);
    await waitFor(async () => ((await replies(id)).every((r) => r.status === 'sent') ? true : undefined), 'the queue to drain', 4000);
  });

  it("never drops a reply because of the partner's own call rate", async () => {
    const { account, robot } = await setup();
    await sandbox.patchAccount(account.account_id, { rate_limit_per_minute: 1 });
    await sandbox.api(account.api_key, '/v1/robots');
    expect((await sandbox.api(account.api_key, '/v1/robots')).status).toBe(429);
    const id = await converse(robot.id, [{ role: 'client', text: 'hi' }]);
    expect((await post(id, [{ role: 'ai', text: 'still sent' }])).replies[0]?.status).toBe('sent');
  });

  it('records messages with `at` as history, without the reply path', async () => {
    const { robot } = await setup();
    const now = (await sandbox.now()).getTime();
    const id = await converse(robot.id, [{ role: 'client', text: 'hi', at: new Date(now - 30 * 3600_000).toISOString() }]);
    const posted = await post(id, [{ role: 'ai', text: 'imported', at: new Date(now - 29 * 3600_000).toISOString() }]);
    expect(posted.replies).toEqual([]);
    expect(posted.message_ids).toHaveLength(1);
  });
});
