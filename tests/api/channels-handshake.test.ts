import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app';
import { createAccount, requireAccount } from '../../sandbox/domain/accounts';
import { startHandshake } from '../../sandbox/domain/handshakes';
import { createRobot } from '../../sandbox/domain/robots';
import { createSandboxContext } from '../../sandbox/server';
import {
  accountWithRobot,
  activeChannels,
  connectBot,
  connectSocial,
  expectError,
  listedRobot,
  patchChannel,
} from './channels-support';
import { ADMIN_TOKEN, TestSandbox, type ApiResult } from './support';

let sandbox: TestSandbox;
const RETURN_URL = 'https://partner.example/channels/return?from=sandbox';

beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.stop());

/** Opens the consent URL like a browser (no redirects followed). */
async function openConsent(url: string, init: RequestInit = {}): Promise<ApiResult<string>> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const submit = (url: string, decision: string) =>
  openConsent(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
  });

function query(url: string | null) {
  const parsed = new URL(url ?? 'invalid:');
  return { origin: parsed.origin + parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

async function pending(account: { return_url?: string | null; capacity?: number } = { return_url: RETURN_URL }) {
  const setup = await accountWithRobot(sandbox, { name: 'Acme Partners', ...account });
  const result = await connectSocial(sandbox, setup.key, setup.robot.id);
  expect(result.status).toBe(201);
  return { ...setup, handshake: result.body };
}

describe('POST /v1/robots/{robot_id}/channels with social_dm', () => {
  it('answers a pending channel that holds no capacity and is not listed (D9)', async () => {
    const now = await sandbox.now();
    const { account, key, robot, handshake } = await pending();
    expect(handshake).toEqual({
      status: 'pending_authorisation',
      id: expect.stringMatching(/^ch_/),
      robot_id: robot.id,
      type: 'social_dm',
      authorisation_url: expect.stringMatching(new RegExp(`^${sandbox.url}/sandbox/authorise/[0-9A-Za-z]{40}$`)),
      expires_at: expect.any(String),
    });
    const ttl = Date.parse(handshake.expires_at) - now.getTime();
    expect(ttl).toBeGreaterThanOrEqual(15 * 60_000);
    expect(ttl).toBeLessThan(15 * 60_000 + 5_000);
    expect(handshake.authorisation_url).not.toContain(robot.id);
    expect(handshake.authorisation_url).not.toContain(handshake.id);
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
    expect(await activeChannels(sandbox, account.account_id)).toBe(0);
    // Not a channel of the robot yet: PATCH does not find it.
    expectError(await patchChannel(sandbox, key, robot.id, handshake.id, { is_active: true }), 404, 'not_found');
  });

  it('answers 409 handshake_open with expires_at while a handshake is open', async () => {
    const { key, robot, handshake } = await pending();
    const details = expectError(await connectSocial(sandbox, key, robot.id), 409, 'handshake_open');
    expect(details).toMatchObject({ expires_at: handshake.expires_at });
    // A token channel on the same robot is not held up by it.
    expect((await connectBot(sandbox, key, robot.id)).status).toBe(201);
  });

  it('checks the role before the open handshake (D25: 403 before 409)', async () => {
    const { account, key, robot } = await pending();
    await sandbox.patchAccount(account.account_id, { roles: [] });
    expectError(await connectSocial(sandbox, key, robot.id), 403, 'role_missing');
  });

  it('answers 409 channel_type_taken once the robot holds a social_dm channel', async () => {
    const { key, robot, handshake } = await pending();
    await sandbox.control('POST', `/sandbox/api/handshakes/${handshake.id}/approve`);
    expectError(await connectSocial(sandbox, key, robot.id), 409, 'channel_type_taken');
  });
});

describe('the consent screen', () => {
  it('names the robot, the partner and the permissions, with Approve and Deny buttons', async () => {
    const { handshake } = await pending();
    const page = await openConsent(handshake.authorisation_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Support bot');
    expect(page.body).toContain('Acme Partners');
    expect(page.body).toMatch(/direct messages/);
    const path = new URL(handshake.authorisation_url).pathname;
    expect(page.body).toContain(`<form method="post" action="${path}/approve"><button type="submit" name="decision" value="approve"`);
    expect(page.body).toContain(`<form method="post" action="${path}/deny"><button type="submit" name="decision" value="deny"`);
    expect(page.body).toMatch(/>Approve<\/button>/);
    expect(page.body).toMatch(/>Deny<\/button>/);
    expect(page.body).toMatch(/<h1>[^<]+<\/h1>/);
    expect(page.body).not.toMatch(/(src|href)=["']https?:\/\//i);
    expect(page.body).not.toContain('<script');
  });

  it('escapes names', async () => {
    const setup = await accountWithRobot(sandbox, { name: '<b>Evil</b> & Co' });
    const robot = await sandbox.createRobot(setup.account.account_id, { name: '<script>x</script>' });
    const handshake = await connectSocial(sandbox, setup.key, robot.id);
    const page = await openConsent(handshake.body.authorisation_url);
    expect(page.body).not.toContain('<script>x</script>');
    expect(page.body).not.toContain('<b>Evil</b>');
    expect(page.body).toContain('&#60;b&#62;Evil&#60;/b&#62; &#38; Co');
  });

  it('approve: connects the channel active and redirects to the return URL, keeping its query', async () => {
    const { account, key, robot, handshake } = await pending();
    const result = await submit(handshake.authorisation_url, 'approve');
    expect(result.status).toBe(303);
    expect(query(result.headers.get('location'))).toEqual({
      origin: 'https://partner.example/channels/return',
      params: { from: 'sandbox', robot_id: robot.id, channel_id: handshake.id, status: 'connected' },
    });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: handshake.id, type: 'social_dm', is_active: true }]);
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
    const enabled = await patchChannel(sandbox, key, robot.id, handshake.id, { is_active: true });
    expect(enabled.body).toMatchObject({ id: handshake.id, status: 'connected', username: expect.stringMatching(/^page_/) });
    expect(enabled.body.connected_at).not.toBeNull();

    // The same decision again lands where the first did; the opposite one is refused.
    const twice = await submit(handshake.authorisation_url, 'approve');
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toBe(result.headers.get('location'));
    const deny = await submit(handshake.authorisation_url, 'deny');
    expect(deny.status).toBe(410);
    expect(deny.body).toContain('already answered');
    expect((await openConsent(handshake.authorisation_url)).status).toBe(410);
  });

  it('approve with no free slot: connected but disabled, and the redirect says so', async () => {
    const { account, key, robot, handshake } = await pending({ return_url: RETURN_URL, capacity: 1 });
    expect((await connectBot(sandbox, key, robot.id)).status).toBe(201); // takes the only slot meanwhile
    const result = await submit(handshake.authorisation_url, 'approve');
    expect(query(result.headers.get('location')).params.status).toBe('disabled');
    const listed = await listedRobot(sandbox, key, robot.id);
    expect(listed?.channels).toContainEqual({ id: handshake.id, type: 'social_dm', is_active: false });
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
  });

  it('approve while the plan is lapsed lands disabled', async () => {
    const { account, handshake } = await pending();
    await sandbox.patchAccount(account.account_id, { lapsed: true });
    const result = await submit(handshake.authorisation_url, 'approve');
    expect(query(result.headers.get('location')).params.status).toBe('disabled');
  });

  it('deny: removes the pending channel and redirects with status=denied; a new connect starts anew', async () => {
    const { key, robot, handshake } = await pending();
    const result = await submit(handshake.authorisation_url, 'deny');
    expect(result.status).toBe(303);
    expect(query(result.headers.get('location')).params).toEqual({
      from: 'sandbox',
      robot_id: robot.id,
      channel_id: handshake.id,
      status: 'denied',
    });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
    expect((await submit(handshake.authorisation_url, 'approve')).status).toBe(410);
    expect((await connectSocial(sandbox, key, robot.id)).status).toBe(201);
  });

  it('without a return URL sends the browser to the sandbox done screen', async () => {
    const { robot, handshake } = await pending({ return_url: null });
    const result = await submit(handshake.authorisation_url, 'approve');
    const location = result.headers.get('location');
    expect(query(location)).toEqual({
      origin: `${sandbox.url}/sandbox/authorise-done`,
      params: { robot_id: robot.id, channel_id: handshake.id, status: 'connected' },
    });
    const done = await openConsent(location ?? '');
    expect(done.status).toBe(200);
    expect(done.body).toContain('Authorisation finished');
    expect(done.body).toContain('approved');
  });

  it("the buttons' own actions work without a body", async () => {
    const approved = await pending();
    const result = await openConsent(`${approved.handshake.authorisation_url}/approve`, { method: 'POST' });
    expect(result.status).toBe(303);
    expect(query(result.headers.get('location')).params.status).toBe('connected');
    const denied = await pending();
    const deny = await openConsent(`${denied.handshake.authorisation_url}/deny`, { method: 'POST' });
    expect(query(deny.headers.get('location')).params.status).toBe('denied');
  });

  it('answers 400 for a form without a decision and 404 for an unknown token', async () => {
    const { handshake } = await pending();
    const blank = await submit(handshake.authorisation_url, 'maybe');
    expect(blank.status).toBe(400);
    expect((await openConsent(handshake.authorisation_url)).status).toBe(200);
    const unknown = await openConsent(`${sandbox.url}/sandbox/authorise/${'x'.repeat(40)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
  });
});

describe('expiry on the sandbox clock (D9, D22)', () => {
  it('expires after 15 minutes: the consent URL answers 410, connect answers 410 once, then 201', async () => {
    const { key, robot, handshake } = await pending();
    await sandbox.advanceClock(14 * 60);
    expect((await openConsent(handshake.authorisation_url)).status).toBe(200);
    await sandbox.advanceClock(61);

    const pages = [
      await openConsent(handshake.authorisation_url),
      await submit(handshake.authorisation_url, 'approve'),
      await openConsent(handshake.authorisation_url, { method: 'POST' }),
      await openConsent(`${handshake.authorisation_url}/approve`, { method: 'POST' }),
    ];
    for (const page of pages) {
      expect(page.status).toBe(410);
      expect(page.body).toMatch(/start again/i);
      const link = /<a href="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&#38;', '&');
      expect(query(link ?? null).params).toEqual({ from: 'sandbox', robot_id: robot.id, channel_id: handshake.id, status: 'expired' });
    }
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);

    const expired = expectError(await connectSocial(sandbox, key, robot.id), 410, 'handshake_expired');
    expect(expired).toEqual({ expired_at: handshake.expires_at });
    const fresh = await connectSocial(sandbox, key, robot.id);
    expect(fresh.status).toBe(201);
    expect(fresh.body.authorisation_url).not.toBe(handshake.authorisation_url);
    // The old link stays expired.
    expect((await openConsent(handshake.authorisation_url)).status).toBe(410);
  });

  it('frees the robot for a new handshake only through that 410', async () => {
    const { key, robot } = await pending();
    await sandbox.advanceClock(15 * 60);
    expectError(await connectSocial(sandbox, key, robot.id), 410, 'handshake_expired');
    expect((await connectSocial(sandbox, key, robot.id)).status).toBe(201);
    expectError(await connectSocial(sandbox, key, robot.id), 409, 'handshake_open');
  });
});

describe('expiry as due work', () => {
  it('ends a handshake when the clock is advanced, before anyone looks (D22)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-handshake-'));
    const ctx = createSandboxContext(dir, () => {});
    try {
      createApp(ctx, ADMIN_TOKEN); // registers the expiry job
      const { account_id } = createAccount(ctx, { name: 'Due', roles: ['social_dm'] });
      const robot = createRobot(ctx, requireAccount(ctx, account_id), { name: 'R' });
      const opened = startHandshake(ctx, robot.id, 'http://sandbox.test');
      const state = () => ({
        handshake: ctx.store.sqlite.prepare('SELECT outcome FROM handshakes WHERE channel_id = ?').get(opened.id),
        channel: ctx.store.sqlite.prepare('SELECT status FROM channels WHERE id = ?').get(opened.id),
      });
      await ctx.clock.advance(14 * 60);
      expect(state()).toEqual({ handshake: { outcome: null }, channel: { status: 'pending_authorisation' } });
      await ctx.clock.advance(60);
      expect(state()).toEqual({ handshake: { outcome: 'expired' }, channel: undefined });
    } finally {
      await ctx.scheduler.stop();
      ctx.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('control API handshakes (D24)', () => {
  const decide = (channelId: string, decision: string) =>
    sandbox.control<{ status: string; redirect_url: string }>('POST', `/sandbox/api/handshakes/${channelId}/${decision}`);

  it('approve answers {status, redirect_url} as the consent screen would', async () => {
    const { key, robot, handshake } = await pending();
    const result = await decide(handshake.id, 'approve');
    expect(result.status).toBe(200);
    expect(result.body.status).toBe('connected');
    expect(query(result.body.redirect_url).params).toEqual({ from: 'sandbox', robot_id: robot.id, channel_id: handshake.id, status: 'connected' });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: handshake.id, type: 'social_dm', is_active: true }]);
    expect((await decide(handshake.id, 'approve')).body).toEqual(result.body);
    expectError(await decide(handshake.id, 'deny'), 404, 'not_found');
  });

  it('deny removes the pending channel', async () => {
    const { key, robot, handshake } = await pending();
    const result = await decide(handshake.id, 'deny');
    expect(result.body).toEqual({ status: 'denied', redirect_url: expect.stringContaining('status=denied') });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
  });

  it('answers 410 handshake_expired after expiry and 404 for an unknown channel', async () => {
    const { handshake } = await pending();
    await sandbox.advanceClock(16 * 60);
    const details = expectError(await decide(handshake.id, 'approve'), 410, 'handshake_expired');
    expect(details).toMatchObject({ expired_at: handshake.expires_at, status: 'expired' });
    expect(String(details.redirect_url)).toContain('status=expired');
    expectError(await decide('ch_nothing', 'approve'), 404, 'not_found');
  });

  it('disconnecting a pending channel cancels its handshake', async () => {
    const { key, robot, handshake } = await pending();
    expect((await sandbox.control('DELETE', `/sandbox/api/channels/${handshake.id}`)).status).toBe(204);
    expect((await openConsent(handshake.authorisation_url)).status).toBe(404);
    const next = await connectSocial(sandbox, key, robot.id);
    expect(next.status).toBe(201);
  });
});
