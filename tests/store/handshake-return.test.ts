import { setUpTestStore } from './use-test-store';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpSandbox, type AccountCreated } from '../api/support';

await setUpTestStore('handshake_return');

// The return page's rule, through the real store and the sandbox over HTTP: a view without a
// session, or of a handshake past its expiry, costs no call of the dashboard's budget.
const sandbox = setUpSandbox();
const { budgetState } = await import('@/lib/connection/budget');
const { startSocialDmHandshake } = await import('@/lib/channels/connect');
const { handshakeExpired, handshakeOfChannel, rememberHandshake } = await import('@/lib/channels/memory');
const { confirmHandshakeOutcome } = await import('@/lib/channels/handshake-outcome');
const { saveApiKey } = await import('@/lib/settings/saved-key');

let account: AccountCreated;

beforeAll(async () => {
  // Read once, on the dashboard's first call. The store opens first: opening it can hold the process
  // long enough for the sandbox to close a kept-alive connection under the next request.
  process.env.PARTNER_API_URL = sandbox.url;
  await budgetState();
  account = await sandbox.createAccount({ name: 'Return page partner', roles: ['robot_creation', 'social_dm'] });
  await saveApiKey(account.api_key, { actor: 'admin@example.com', requestId: null });
}, 60_000);

/** A handshake started the way the robot page starts one, recorded as the page records it. */
async function startedHandshake(name: string, expiresAt?: string): Promise<{ robotId: string; channelId: string }> {
  const robot = await sandbox.createRobot(account.account_id, { name });
  const started = await startSocialDmHandshake(robot.id);
  if (started.kind !== 'pending' || !started.channel.id) throw new Error(`expected a pending handshake, got ${started.kind}`);
  await rememberHandshake({
    robotId: robot.id,
    channelId: started.channel.id,
    authorisationUrl: started.channel.authorisation_url ?? '',
    expiresAt: expiresAt ?? started.channel.expires_at ?? null,
    startedBy: 'admin@example.com',
  });
  return { robotId: robot.id, channelId: started.channel.id };
}

const callsLastMinute = async () => (await budgetState()).usedLastMinute;

describe('the social-DM return page', () => {
  it('spends no call on views without a session, however many; a signed-in view confirms through the API', async () => {
    const { robotId, channelId } = await startedHandshake('Anonymous views');
    expect((await sandbox.control('POST', `/sandbox/api/handshakes/${channelId}/approve`)).status).toBe(200);
    const query = { robot_id: robotId, channel_id: channelId, status: 'connected' as const };
    const before = await callsLastMinute();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => confirmHandshakeOutcome(query, { anonymous: true, readBackChannel: false })),
    );
    expect(await callsLastMinute()).toBe(before);
    expect(new Set(outcomes.map((o) => o.kind))).toEqual(new Set(['unchecked']));
    // The record stays for the signed-in view, which asks the API.
    expect(await handshakeOfChannel(channelId)).toBeDefined();
    const signedIn = await confirmHandshakeOutcome(query, { anonymous: false, readBackChannel: false, actor: 'admin@example.com' });
    expect(signedIn).toMatchObject({ kind: 'connected', robotName: 'Anonymous views' });
    expect(await callsLastMinute()).toBeGreaterThan(before);
  });

  it('treats a handshake past its expiry as over: no call even signed in, it says expired, and the record goes', async () => {
    const past = new Date(Date.now() - 1_000).toISOString();
    const { robotId, channelId } = await startedHandshake('Lapsed handshake', past);
    const query = { robot_id: robotId, channel_id: channelId, status: 'connected' as const };
    const before = await callsLastMinute();
    expect(await confirmHandshakeOutcome(query, { anonymous: true, readBackChannel: true })).toEqual({
      kind: 'expired',
      robotName: null,
      lapsed: true,
    });
    expect(await confirmHandshakeOutcome(query, { anonymous: false, readBackChannel: true, actor: 'admin@example.com' })).toMatchObject({
      kind: 'expired',
      lapsed: true,
    });
    expect(await callsLastMinute()).toBe(before);
    expect(await handshakeOfChannel(channelId)).toBeUndefined();
    // Once gone it is no longer one we started: still no call, and nothing confirmed.
    expect(await confirmHandshakeOutcome(query, { anonymous: true, readBackChannel: false })).toMatchObject({ kind: 'unconfirmed' });
    expect(await callsLastMinute()).toBe(before);
  });

  it('ends a handshake without a stated expiry an hour after it started', () => {
    const startedAt = '2030-01-01T10:00:00.000Z';
    expect(handshakeExpired({ expiresAt: null, startedAt }, Date.parse('2030-01-01T10:59:59Z'))).toBe(false);
    expect(handshakeExpired({ expiresAt: null, startedAt }, Date.parse('2030-01-01T11:00:00Z'))).toBe(true);
    expect(handshakeExpired({ expiresAt: '2030-01-01T10:15:00Z', startedAt }, Date.parse('2030-01-01T10:14:59Z'))).toBe(false);
    expect(handshakeExpired({ expiresAt: '2030-01-01T10:15:00Z', startedAt }, Date.parse('2030-01-01T10:15:00Z'))).toBe(true);
  });
});
