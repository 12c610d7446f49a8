import { describe, expect, it } from 'vitest';
import {
  accountWithRobot,
  activeChannels,
  connectBot,
  connectSocial,
  expectError,
  listedRobot,
  openConsent,
  patchChannel,
  pendingHandshake,
  RETURN_URL,
  splitUrl,
  submitDecision,
} from './channels-support';
import { setUpSandbox } from './support';

const sandbox = setUpSandbox();

describe('POST /v1/robots/{robot_id}/channels with social_dm', () => {
  it('answers a pending channel that holds no capacity and is not listed (D9)', async () => {
    const now = await sandbox.now();
    const { account, key, robot, handshake } = await pendingHandshake(sandbox);
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
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    const details = expectError(await connectSocial(sandbox, key, robot.id), 409, 'handshake_open');
    expect(details).toMatchObject({ expires_at: handshake.expires_at });
    // A token channel on the same robot is not held up by it.
    expect((await connectBot(sandbox, key, robot.id)).status).toBe(201);
  });

  it('checks the role before the open handshake (D25: 403 before 409)', async () => {
    const { account, key, robot } = await pendingHandshake(sandbox);
    await sandbox.patchAccount(account.account_id, { roles: [] });
    expectError(await connectSocial(sandbox, key, robot.id), 403, 'role_missing');
  });

  it('answers 409 channel_type_taken once the robot holds a social_dm channel', async () => {
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    await sandbox.admin.decideHandshake(handshake.id, 'approve');
    expectError(await connectSocial(sandbox, key, robot.id), 409, 'channel_type_taken');
  });
});

describe('the consent screen', () => {
  it('names the robot, the partner and the permissions, with Approve and Deny buttons', async () => {
    const { handshake } = await pendingHandshake(sandbox);
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
    expect(page.body).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co');
  });

  it('approve: connects the channel active and redirects to the return URL, keeping its query', async () => {
    const { account, key, robot, handshake } = await pendingHandshake(sandbox);
    const result = await submitDecision(handshake.authorisation_url, 'approve');
    expect(result.status).toBe(303);
    expect(splitUrl(result.headers.get('location'))).toEqual({
      origin: 'https://partner.example/channels/return',
      params: { from: 'sandbox', robot_id: robot.id, channel_id: handshake.id, status: 'connected' },
    });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([{ id: handshake.id, type: 'social_dm', is_active: true }]);
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
    const enabled = await patchChannel(sandbox, key, robot.id, handshake.id, { is_active: true });
    expect(enabled.body).toMatchObject({ id: handshake.id, status: 'connected', username: expect.stringMatching(/^page_/) });
    expect(enabled.body.connected_at).not.toBeNull();

    // The same decision again lands where the first did; the opposite one is refused.
    const twice = await submitDecision(handshake.authorisation_url, 'approve');
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toBe(result.headers.get('location'));
    const deny = await submitDecision(handshake.authorisation_url, 'deny');
    expect(deny.status).toBe(410);
    expect(deny.body).toContain('already answered');
    expect((await openConsent(handshake.authorisation_url)).status).toBe(410);
  });

  it('approve with no free slot: connected but disabled, and the redirect says so', async () => {
    const { account, key, robot, handshake } = await pendingHandshake(sandbox, { return_url: RETURN_URL, capacity: 1 });
    expect((await connectBot(sandbox, key, robot.id)).status).toBe(201); // takes the only slot meanwhile
    const result = await submitDecision(handshake.authorisation_url, 'approve');
    expect(splitUrl(result.headers.get('location')).params.status).toBe('disabled');
    const listed = await listedRobot(sandbox, key, robot.id);
    expect(listed?.channels).toContainEqual({ id: handshake.id, type: 'social_dm', is_active: false });
    expect(await activeChannels(sandbox, account.account_id)).toBe(1);
  });

  it('approve while the plan is lapsed lands disabled', async () => {
    const { account, handshake } = await pendingHandshake(sandbox);
    await sandbox.patchAccount(account.account_id, { lapsed: true });
    const result = await submitDecision(handshake.authorisation_url, 'approve');
    expect(splitUrl(result.headers.get('location')).params.status).toBe('disabled');
  });

  it('deny: removes the pending channel and redirects with status=denied; a new connect starts anew', async () => {
    const { key, robot, handshake } = await pendingHandshake(sandbox);
    const result = await submitDecision(handshake.authorisation_url, 'deny');
    expect(result.status).toBe(303);
    expect(splitUrl(result.headers.get('location')).params).toEqual({
      from: 'sandbox',
      robot_id: robot.id,
      channel_id: handshake.id,
      status: 'denied',
    });
    expect((await listedRobot(sandbox, key, robot.id))?.channels).toEqual([]);
    expect((await submitDecision(handshake.authorisation_url, 'approve')).status).toBe(410);
    expect((await connectSocial(sandbox, key, robot.id)).status).toBe(201);
  });

  it('without a return URL sends the browser to the sandbox done screen', async () => {
    const { robot, handshake } = await pendingHandshake(sandbox, { return_url: null });
    const result = await submitDecision(handshake.authorisation_url, 'approve');
    const location = result.headers.get('location');
    expect(splitUrl(location)).toEqual({
      origin: `${sandbox.url}/sandbox/authorise-done`,
      params: { robot_id: robot.id, channel_id: handshake.id, status: 'connected' },
    });
    const done = await openConsent(location ?? '');
    expect(done.status).toBe(200);
    expect(done.body).toContain('Authorisation finished');
    expect(done.body).toContain('approved');
  });

  it("the buttons' own actions work without a body", async () => {
    const approved = await pendingHandshake(sandbox);
    const result = await openConsent(`${approved.handshake.authorisation_url}/approve`, { method: 'POST' });
    expect(result.status).toBe(303);
    expect(splitUrl(result.headers.get('location')).params.status).toBe('connected');
    const denied = await pendingHandshake(sandbox);
    const deny = await openConsent(`${denied.handshake.authorisation_url}/deny`, { method: 'POST' });
    expect(splitUrl(deny.headers.get('location')).params.status).toBe('denied');
  });

  it('answers 400 for a form without a decision and 404 for an unknown token', async () => {
    const { handshake } = await pendingHandshake(sandbox);
    const blank = await submitDecision(handshake.authorisation_url, 'maybe');
    expect(blank.status).toBe(400);
    expect((await openConsent(handshake.authorisation_url)).status).toBe(200);
    const unknown = await openConsent(`${sandbox.url}/sandbox/authorise/${'x'.repeat(40)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
  });
});
