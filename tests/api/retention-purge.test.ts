import { describe, expect, it } from 'vitest';
import { purgeExpiredHistory } from '../../sandbox/domain/retention-purge';
import { retentionHorizon } from '../../sandbox/domain/retention';
import { createSandboxContext } from '../../sandbox/server';
import { PNG } from './attachment-samples';
import { uploaded } from './attachments-support';
import { expectError, patchChannel } from './channels-support';
import { DAY, SECOND, conversation, expectPurged, fifteenthAfter, monthsBefore, texts } from './retention-support';
import { postConversation, setUpSandbox } from './support';
import { usage } from './usage-support';

// Advances the clock by weeks: this file has a sandbox of its own, so no other test's data ages.
const sandbox = setUpSandbox();
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

describe('the purge at the horizon (decision 0026)', () => {
  it('is exact: at the horizon and a second inside stay, a second past goes, with its attachment and file URL', async () => {
    const account = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account.account_id);
    // A pass run on its own context at a chosen instant, 40 days ahead: the running sandbox's own
    // passes (at its now) reach none of these messages.
    const passAt = (await sandbox.now()).getTime() + 40 * DAY;
    const horizon = retentionHorizon(passAt, 6);
    const kept = await postConversation(sandbox, robot.id, [
      { role: 'client', text: 'past', at: at(horizon - SECOND) },
      { role: 'ai', text: 'at', at: at(horizon) },
      { role: 'client', text: 'inside', at: at(horizon + SECOND) },
    ]);
    const gone = await postConversation(sandbox, robot.id, [{ role: 'client', text: 'past', at: at(horizon - SECOND) }]);
    const file = await uploaded(sandbox, account.api_key, gone, { bytes: PNG, type: 'image/png', name: 'old.png' });
    expect((await fetch(file.url)).status).toBe(200);

    const ctx = createSandboxContext(sandbox.dataDir, () => {});
    try {
      // Nothing sends attachments yet; a sent one outlives the 24 h discard and is left to retention.
      ctx.store.sqlite
        .prepare('UPDATE attachments SET sent_at = ?, created_at = ? WHERE id = ?')
        .run(horizon - SECOND, horizon - SECOND, file.id);
      await purgeExpiredHistory(ctx, passAt);
    } finally {
      await ctx.scheduler.stop();
      ctx.store.close();
    }
    expect(await texts(sandbox, kept)).toEqual(['at', 'inside']);
    // Events are aged like messages: chat.started and the first message's event were before it.
    const events = (await conversation(sandbox, kept)).body.events;
    expect(events.every((e) => Date.parse(e.created_at) >= horizon)).toBe(true);
    await expectPurged(sandbox, account.api_key, gone);
    expectError(await sandbox.fetch(new URL(file.url).pathname + new URL(file.url).search), 404, 'not_found');
  });
});

describe('channels and robots out of use', () => {
  it("purges a disabled channel's and a deleted robot's history on the same day as an active one's", async () => {
    const account = await sandbox.createAccount({ capacity: 5 });
    const active = await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }] });
    const disabled = await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }] });
    const deleted = await sandbox.createRobot(account.account_id, { channels: [{ type: 'messenger_bot' }] });
    // On a 15th at noon a little inside a 6-month horizon (basic): all three go 6 months after it.
    const start = (await sandbox.now()).getTime();
    const sent = fifteenthAfter(retentionHorizon(start, 6), 5);
    const due = monthsBefore(sent, -6);
    const when = at(sent);
    const ids = [];
    for (const robot of [active, disabled, deleted]) {
      ids.push(await postConversation(sandbox, robot.id, [{ role: 'client', text: 'hi', at: when }], { channel_type: 'messenger_bot' }));
    }
    const channelId = disabled.channels[0]?.id ?? '';
    expect((await patchChannel(sandbox, account.api_key, disabled.id, channelId, { is_active: false })).status).toBe(200);
    expect((await sandbox.api(account.api_key, `/v1/robots/${deleted.id}`, { method: 'DELETE' })).status).toBe(204);

    await sandbox.advanceClock((due - 2 * HOUR - (await sandbox.now()).getTime()) / SECOND);
    for (const id of ids) expect(await texts(sandbox, id)).toEqual(['hi']);
    await sandbox.advanceClock((4 * HOUR) / SECOND);
    for (const id of ids) await expectPurged(sandbox, account.api_key, id);
  });
});

describe('usage outlives the history', () => {
  it('answers the same figures for a window past the horizon before and after the purge', async () => {
    const account = await sandbox.createAccount({ tier: 'basic' });
    const robot = await sandbox.createRobot(account.account_id, { model: 'enhanced' });
    const start = (await sandbox.now()).getTime();
    const base = retentionHorizon(start, 6) + 2 * DAY;
    // Edge days (partial) and whole days, a conversation over several days, one on a single day.
    const multi = await postConversation(sandbox, robot.id, [
      { role: 'client', at: at(base + HOUR) },
      { role: 'ai', at: at(base + 3 * DAY) },
      { role: 'operator', at: at(base + 9 * DAY + 20 * HOUR) },
    ]);
    const single = await postConversation(sandbox, robot.id, [
      { role: 'client', at: at(base + 5 * DAY) },
      { role: 'ai', at: at(base + 5 * DAY + HOUR) },
    ]);
    const query = { from: at(base - 3 * HOUR), to: at(base + 9 * DAY + 21 * HOUR), robot_id: robot.id };
    const before = await usage(sandbox, account.api_key, query);
    expect(before.status).toBe(200);
    expect(before.body.data[0]).toMatchObject({ messages: { total: 5, units: 10 }, conversations: { total: 2 } });

    await sandbox.advanceClock((30 * DAY) / SECOND);
    await expectPurged(sandbox, account.api_key, multi);
    await expectPurged(sandbox, account.api_key, single);
    const after = await usage(sandbox, account.api_key, query);
    expect(after.status).toBe(200);
    expect(after.body.metadata.cache_hit).toBe(false);
    expect(after.body.data).toEqual(before.body.data);
    // Narrower windows cut through the days differently; each matches what it said before as well.
    const edgesOnly = { from: at(base + 30 * 60_000), to: at(base + 2 * HOUR), robot_id: robot.id };
    expect((await usage(sandbox, account.api_key, edgesOnly)).body.data[0]).toMatchObject({ messages: { total: 1, units: 2 } });
  });
});
