import { describe, expect, it } from 'vitest';
import { createAccountInPanel, PanelBrowser } from './panel-support';
import { setUpSandbox, type ErrorBody, type Json } from './support';

const sandbox = setUpSandbox();

describe('control routes the panel and the command line are built on', () => {
  it("lists an account's robots with model and full channel views, newest first", async () => {
    const { account_id } = await sandbox.createAccount();
    await sandbox.createRobot(account_id, { name: 'Older', model: 'enhanced', channels: [{ type: 'widget', username: 'w' }] });
    await sandbox.createRobot(account_id, { name: 'Newer' });
    const result = await sandbox.control<{ data: Json[] }>('GET', `/sandbox/api/accounts/${account_id}/robots`);
    expect(result.status).toBe(200);
    expect(result.body.data.map((r) => r.name)).toEqual(['Newer', 'Older']);
    expect(result.body.data[1]).toMatchObject({
      model: 'enhanced',
      channels: [{ type: 'widget', status: 'connected', is_active: true, username: 'w' }],
    });
    expect((await sandbox.control<ErrorBody>('GET', '/sandbox/api/accounts/acc_none/robots')).body.error.code).toBe('not_found');
  });

  it('adds a panel-only channel: 404 before 422 (D25), strict body, type restricted', async () => {
    const { account_id } = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account_id);
    const add = (robotId: string, body: unknown) =>
      sandbox.control<ErrorBody & Json>('POST', `/sandbox/api/robots/${robotId}/channels`, body);
    expect((await add('rb_none', { type: 'nope' })).status).toBe(404);
    expect((await add(robot.id, { type: 'social_dm' })).body.error.code).toBe('validation_failed');
    expect((await add(robot.id, { type: 'widget', extra: 1 })).status).toBe(422);
    const created = await add(robot.id, { type: 'chat_app', is_active: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'chat_app', robot_id: robot.id, is_active: false, status: 'disabled' });
    expect((await sandbox.control('GET', '/sandbox/api/accounts')).status).toBe(200);
    expect(
      (await sandbox.control('POST', `/sandbox/api/robots/${robot.id}/channels`, { type: 'widget' }, 'wrong-admin-token')).status,
    ).toBe(401);
  });

  it('escapes what partners typed wherever the panel shows it', async () => {
    const browser = new PanelBrowser(sandbox);
    await browser.login();
    const { accountId } = await createAccountInPanel(browser, { name: '<script>alert(1)</script>' });
    const list = await browser.get('/sandbox/panel/accounts');
    expect(list.text).not.toContain('<script>alert(1)</script>');
    expect(list.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, { name: '"><img src=x>', model: 'standard' });
    const page = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(page.text).not.toContain('"><img src=x>');
    expect(page.text).toContain('&quot;&gt;&lt;img src=x&gt;');
  });
});
