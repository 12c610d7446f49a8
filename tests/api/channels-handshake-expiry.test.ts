import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app';
import { createAccount, requireAccount } from '../../sandbox/domain/accounts';
import { startHandshake } from '../../sandbox/domain/handshakes';
import { createRobot } from '../../sandbox/domain/robots';
import { createSandboxContext } from '../../sandbox/server';
import { connectSocial, expectError, listedRobot, openConsent, pendingHandshake, splitUrl, submitDecision } from './channels-support';
import { ADMIN_TOKEN, setUpSandbox } from './support';

const sandbox = setUpSandbox();

describe('expiry on the sandbox clock (D9, D22)', () => {
  it('expires after 15 minutes: the consent URL answers 410, connect answers 410 once, then 201', async () => {
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    await sandbox.advanceClock(14 * 60);
    expect((await openConsent(handshake.authorisation_url)).status).toBe(200);
    await sandbox.advanceClock(61);

    const pages = [
      await openConsent(handshake.authorisation_url),
      await submitDecision(handshake.authorisation_url, 'approve'),
      await openConsent(handshake.authorisation_url, { method: 'POST' }),
      await openConsent(`${handshake.authorisation_url}/approve`, { method: 'POST' }),
    ];
    for (const page of pages) {
      expect(page.status).toBe(410);
      expect(page.body).toMatch(/start again/i);
      const link = /<a href="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
      expect(splitUrl(link ?? null).params).toEqual({ from: 'sandbox', robot_id: robot.id, channel_id: handshake.id, status: 'expired' });
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
    const { key, robot } = await pendingHandshake(sandbox);
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
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    const result = await decide(handshake.id, 'approve');
    expect(result.status).toBe(200);
    expect(result.body.status).toBe('connected');
    expect(splitUrl(result.body.redirect_url).params).toEqual({
      from: 'sandbox',
      robot_id: robot.id,
      channel_id: handshake.id,
      status: 'connected',
    });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: handshake.id, type: 'social_dm', is_active: true }]);
    expect((await decide(handshake.id, 'approve')).body).toEqual(result.body);
    expectError(await decide(handshake.id, 'deny'), 404, 'not_found');
  });

  it('deny removes the pending channel', async () => {
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    const result = await decide(handshake.id, 'deny');
    expect(result.body).toEqual({ status: 'denied', redirect_url: expect.stringContaining('status=denied') });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
  });

  it('answers 410 handshake_expired after expiry and 404 for an unknown channel', async () => {
    const { handshake } = await pendingHandshake(sandbox);
    await sandbox.advanceClock(16 * 60);
    const details = expectError(await decide(handshake.id, 'approve'), 410, 'handshake_expired');
    expect(details).toMatchObject({ expired_at: handshake.expires_at, status: 'expired' });
    expect(String(details.redirect_url)).toContain('status=expired');
    expectError(await decide('ch_nothing', 'approve'), 404, 'not_found');
  });

  it('disconnecting a pending channel cancels its handshake', async () => {
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    expect((await sandbox.control('DELETE', `/sandbox/api/channels/${handshake.id}`)).status).toBe(204);
    expect((await openConsent(handshake.authorisation_url)).status).toBe(404);
    const next = await connectSocial(sandbox, key, robot.id);
    expect(next.status).toBe(201);
  });
});
