import { describe, expect, it } from 'vitest';
import { connectSocial, expectError, openConsent, pendingHandshake, RETURN_URL } from './channels-support';
import { expectAnswer, postConversation, postMessages } from './support';
import { listDeliveries, setUpSandboxAndReceiver, waitFor } from './webhooks-support';

// A clock per account: two accounts in one sandbox jump their own time, and each one's
// handshakes, webhook retries and queued replies move with its clock only.

const { sandbox, receiver } = setUpSandboxAndReceiver();
const HOUR = 3600;

/** An account with a pending social-DM handshake, failing deliveries in retry and a reply queued behind an outage. */
async function partner(name: string) {
  const { account, key, robot, handshake } = await pendingHandshake(sandbox, {
    name,
    return_url: RETURN_URL,
    capacity: 5,
    rate_limit_per_minute: 100_000,
    webhook: { url: `${receiver.url}?account=${name}`, auth_token: 't' },
  });
  const social = await sandbox.createRobot(account.account_id, { name: 'Social bot', channels: [{ type: 'social_dm' }] });
  const conversation = await postConversation(sandbox, social.id, [{ role: 'client', text: 'hi' }]);
  const posted = await postMessages(sandbox, conversation, [{ role: 'ai', text: 'queued behind the outage' }]);
  expect(posted.replies.map((r) => r.status)).toEqual(['queued']);
  return { accountId: account.account_id, key, robot, handshake, conversation };
}

type Partner = Awaited<ReturnType<typeof partner>>;

const replyStatus = async (p: Partner) => expectAnswer(await sandbox.admin.listReplies(p.conversation), 200).data.map((r) => r.status);
/** Attempts of the deliveries made at the start (chat.started, message.received), whatever came after. */
const attempts = async (p: Partner) =>
  (await listDeliveries(sandbox, p.key, '?limit=100')).data.filter((d) => d.event_type !== 'message.failed').map((d) => d.attempts.length);
const consentStatus = async (p: Partner) => (await openConsent(p.handshake.authorisation_url)).status;

describe('a clock per account', () => {
  it("moves one account's handshakes, retries and queued replies without touching another's", async () => {
    receiver.respond(() => ({ status: 500, body: 'down' }));
    const sandboxBefore = (await sandbox.now()).getTime();
    expectAnswer(await sandbox.admin.startOutage({ channel_type: 'social_dm', until_seconds: 3 * HOUR }), 201);
    const [a, b] = [await partner('A'), await partner('B')];
    for (const p of [a, b]) {
      await waitFor(async () => ((await attempts(p)).every((n) => n >= 1) ? true : undefined), 'first attempts', 10_000);
    }

    const advanced = await sandbox.cli('clock', 'advance', '2h1m', '--account', a.accountId);
    expect(advanced.code, advanced.stderr).toBe(0);

    // A: two hours on, its handshake expired, its reply dropped, its deliveries on their fourth attempt.
    expect(await consentStatus(a)).toBe(410);
    expectError(await connectSocial(sandbox, a.key, a.robot.id), 410, 'handshake_expired');
    expect(await replyStatus(a)).toEqual(['dropped']);
    await waitFor(async () => ((await attempts(a)).every((n) => n >= 4) ? true : undefined), "A's retries", 10_000);
    const dated = await sandbox.api(a.key, '/v1/robots');
    expect(Date.parse(dated.headers.get('date') ?? '') - sandboxBefore).toBeGreaterThan(2 * HOUR * 1000);

    // B: nothing moved. Its handshake is open, its reply queued, its deliveries on wall time (5 s after the first).
    expect(await consentStatus(b)).toBe(200);
    expect(await replyStatus(b)).toEqual(['queued']);
    expect(Math.max(...(await attempts(b)))).toBeLessThanOrEqual(2);
    expect(Math.abs(Date.parse((await sandbox.api(b.key, '/v1/robots')).headers.get('date') ?? '') - Date.now())).toBeLessThan(60_000);
    // Nor did the sandbox clock.
    expect((await sandbox.now()).getTime() - Date.now()).toBeLessThan(60_000);

    // B's own jump of 20 minutes expires its handshake and leaves its reply queued (2 h hold); A stays where it was.
    expect((await sandbox.cli('clock', 'advance', '20m', '--account', b.accountId)).code).toBe(0);
    expect(await consentStatus(b)).toBe(410);
    expect(await replyStatus(b)).toEqual(['queued']);
    const shown = await sandbox.cli('clock', 'show', '--account', a.accountId, '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({ account_id: a.accountId, own_clock: true, offset_seconds: 2 * HOUR + 60 });
    expect(expectAnswer(await sandbox.admin.accountClock(b.accountId), 200)).toMatchObject({ own_clock: true, offset_seconds: 1200 });

    // The sandbox clock moves every account, those with a clock of their own as well.
    await sandbox.advanceClock(2 * HOUR);
    expect(await replyStatus(b)).toEqual(['dropped']);
    expect(expectAnswer(await sandbox.admin.accountClock(a.accountId), 200).offset_seconds).toBe(2 * HOUR + 60);
    await sandbox.admin.endOutages();
  });

  it('expires a key on its account’s time', async () => {
    const inAnHour = new Date((await sandbox.now()).getTime() + HOUR * 1000).toISOString();
    const [ahead, behind] = [await sandbox.createAccount({ name: 'Ahead' }), await sandbox.createAccount({ name: 'Behind' })];
    for (const account of [ahead, behind]) await sandbox.patchAccount(account.account_id, { key_expires_at: inAnHour });
    expect((await sandbox.api(ahead.api_key, '/v1/robots')).status).toBe(200);
    expectAnswer(await sandbox.admin.advanceAccountClock(ahead.account_id, 2 * HOUR), 200);
    expect((await sandbox.api(ahead.api_key, '/v1/robots')).status).toBe(401);
    expect((await sandbox.api(behind.api_key, '/v1/robots')).status).toBe(200);
  });

  it('keeps an account’s clock over a restart, follows the sandbox clock until it has one, and forgets it with the account', async () => {
    const { account_id } = await sandbox.createAccount({ name: 'Clocked' });
    expect(expectAnswer(await sandbox.admin.accountClock(account_id), 200)).toMatchObject({ own_clock: false, offset_seconds: 0 });
    expect((await sandbox.cli('clock', 'show', '--account', account_id)).stdout).toContain('follows the sandbox clock');
    expectAnswer(await sandbox.admin.advanceAccountClock(account_id, 90), 200);
    await sandbox.restart();
    expect(expectAnswer(await sandbox.admin.accountClock(account_id), 200)).toMatchObject({ own_clock: true, offset_seconds: 90 });

    const backwards = await sandbox.cli('clock', 'advance', '0', '--account', account_id);
    expect([backwards.code, backwards.stderr]).toEqual([2, expect.stringContaining('only moves forward')]);
    expect((await sandbox.control('POST', `/sandbox/api/accounts/${account_id}/clock/advance`, { seconds: -5 })).status).toBe(422);
    expect((await sandbox.control('POST', '/sandbox/api/accounts/acc_nobody/clock/advance', { seconds: 5 })).status).toBe(404);

    expect((await sandbox.cli('accounts', 'delete', account_id, '--yes')).code).toBe(0);
    expect((await sandbox.admin.accountClock(account_id)).status).toBe(404);
  });
});
