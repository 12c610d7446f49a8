import { describe, expect, it } from 'vitest';
import { createAccountInPanel, shownSecret, signedInBrowser } from './panel-support';
import { setUpSandbox, type ErrorBody, type Json, type RobotBody } from './support';

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);

const robots = (key: string) => sandbox.api<{ data: RobotBody[] }>(key, '/v1/robots');

describe('panel accounts (D23)', () => {
  it('creates an account and shows the key once; the key works on /v1', async () => {
    const { accountId, apiKey, page } = await createAccountInPanel(browser, { name: 'Acme', roles: ['robot_creation'] });
    expect(page.text).toContain('Copy it now: it is not shown again');
    expect(page.text).toMatch(/whsec_/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect((await robots(apiKey)).status).toBe(200);

    const detail = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(detail.status).toBe(200);
    expect(detail.text).not.toContain(apiKey);
    expect(detail.text).not.toContain(shownSecret(page.text, 'whsec_'));

    const list = await browser.get('/sandbox/panel/accounts');
    expect(list.text).toContain(`href="/sandbox/panel/accounts/${accountId}"`);
    expect(list.text).toContain('robot_creation');
  });

  it('keeps what was typed and says what is wrong, next to the field', async () => {
    await browser.get('/sandbox/panel/accounts/new');
    const result = await browser.post('/sandbox/panel/accounts', {
      name: 'Typed <name>',
      capacity: '-4',
      rate_limit_per_minute: '300',
      return_url: 'not a url',
    });
    expect(result.status).toBe(422);
    expect(result.text).toContain('value="Typed &lt;name&gt;"');
    expect(result.text).toContain('value="-4"');
    expect(result.text).toContain('value="not a url"');
    expect(result.text).toMatch(/id="create-capacity-error">[^<]+</);
    expect(result.text).toMatch(/id="create-return_url-error">must be an http or https URL</);
    expect(result.text).toContain('role="alert"');
  });

  it('rotates the key: the new one is shown once and works, the old one answers 401', async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/keys/rotate`);
    expect(result.status).toBe(200);
    const newKey = shownSecret(result.text, 'pk_live_');
    expect(newKey).not.toBe(apiKey);
    expect((await robots(apiKey)).status).toBe(401);
    expect((await robots(newKey)).status).toBe(200);
  });

  it('sets a key expiry; advancing the clock past it makes the key answer 401; clearing it restores the key', async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser);
    const now = await sandbox.now();
    const at = new Date(now.getTime() + 3_600_000).toISOString();
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const set = await browser.post(`/sandbox/panel/accounts/${accountId}/key-expiry`, { key_expires_at: at });
    expect(set.status).toBe(303);
    expect((await browser.follow(set)).text).toContain('Key expiry saved.');
    expect((await sandbox.account(accountId)).key_expires_at).toBe(at);
    expect((await robots(apiKey)).status).toBe(200);

    const advance = await browser.post('/sandbox/panel/clock/advance', {
      amount: '2',
      unit: 'hours',
      return_to: `/sandbox/panel/accounts/${accountId}`,
    });
    expect(advance.status).toBe(303);
    expect(advance.location).toBe(`/sandbox/panel/accounts/${accountId}?done=clock#clock`);
    expect((await robots(apiKey)).status).toBe(401);
    expect((await browser.follow(advance)).text).toContain('expired on the sandbox clock');

    const clear = await browser.post(`/sandbox/panel/accounts/${accountId}/key-expiry`, { clear: '1', key_expires_at: '' });
    expect(clear.status).toBe(303);
    expect((await robots(apiKey)).status).toBe(200);
  });

  it('refuses an unreadable expiry and keeps it in the field', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/key-expiry`, { key_expires_at: 'next tuesday' });
    expect(result.status).toBe(422);
    expect(result.text).toContain('value="next tuesday"');
    expect(result.text).toMatch(/id="key-expiry-key_expires_at-error"/);
  });

  it('lapse turns channels off; renewing leaves them off (D6)', async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect((await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, { name: 'Helper', model: 'standard' })).status).toBe(303);
    const [robot] = (await robots(apiKey)).body.data;
    if (!robot) throw new Error('no robot');
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(
      (await browser.post(`/sandbox/panel/accounts/${accountId}/robots/${robot.id}/channels`, { type: 'widget', is_active: 'true' }))
        .status,
    ).toBe(303);
    expect((await robots(apiKey)).body.data[0]?.channels[0]?.is_active).toBe(true);

    const lapse = await browser.post(`/sandbox/panel/accounts/${accountId}/lapse`, { lapsed: 'true' });
    expect((await browser.follow(lapse)).text).toContain('The plan has lapsed');
    expect((await robots(apiKey)).body.data[0]?.channels[0]?.is_active).toBe(false);
    expect((await sandbox.account(accountId)).lapsed).toBe(true);

    // An active channel cannot be added while lapsed: the control API's 403 is shown on the page.
    const refused = await browser.post(`/sandbox/panel/accounts/${accountId}/robots/${robot.id}/channels`, {
      type: 'chat_app',
      is_active: 'true',
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('plan_lapsed');

    await browser.post(`/sandbox/panel/accounts/${accountId}/lapse`, { lapsed: 'false' });
    expect((await sandbox.account(accountId)).lapsed).toBe(false);
    expect((await robots(apiKey)).body.data[0]?.channels[0]?.is_active).toBe(false);
  });

  it('grants and revokes roles, reflected on /v1 (social_dm connect)', async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, { name: 'DM robot', model: 'standard' });
    const robotId = (await robots(apiKey)).body.data[0]?.id ?? '';
    const connect = () =>
      sandbox.api<ErrorBody & Json>(apiKey, `/v1/robots/${robotId}/channels`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'social_dm' }),
      });

    const refused = await connect();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('role_missing');

    const grant = await browser.post(`/sandbox/panel/accounts/${accountId}/roles`, { role: 'social_dm', grant: 'true' });
    expect((await browser.follow(grant)).text).toContain('Revoke social_dm');
    expect((await sandbox.account(accountId)).roles).toEqual(['social_dm']);
    expect((await connect()).status).toBe(201);

    await browser.post(`/sandbox/panel/accounts/${accountId}/roles`, { role: 'social_dm', grant: 'false' });
    expect((await sandbox.account(accountId)).roles).toEqual([]);
    const again = await connect();
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('role_missing');
  });

  it('saves the plan and shows a field error from the control API with the typed value', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const ok = await browser.post(`/sandbox/panel/accounts/${accountId}/plan`, {
      name: 'Renamed',
      tier: 'professional',
      capacity: '7',
      rate_limit_per_minute: '120',
    });
    expect(ok.status).toBe(303);
    expect(await sandbox.account(accountId)).toMatchObject({
      name: 'Renamed',
      tier: 'professional',
      capacity: 7,
      rate_limit_per_minute: 120,
    });

    const bad = await browser.post(`/sandbox/panel/accounts/${accountId}/plan`, {
      name: 'Renamed',
      tier: 'professional',
      capacity: '7',
      rate_limit_per_minute: '0',
    });
    expect(bad.status).toBe(422);
    expect(bad.text).toMatch(/id="plan-rate_limit_per_minute-error">[^<]+</);
    expect(bad.text).toContain('validation_failed');
    expect(bad.text).toMatch(/req_[0-9A-Za-z]{24}/);
    expect(bad.text).toMatch(/id="plan-rate_limit_per_minute" name="rate_limit_per_minute" type="number" value="0"/);
  });

  it('saves attachment exclusions from the checkboxes', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/attachments`, { excluded_attachment_kinds: ['video', 'voice'] });
    expect((await sandbox.account(accountId)).excluded_attachment_kinds).toEqual(['video', 'voice']);
    const page = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(page.text).toContain('value="video" checked');
    await browser.post(`/sandbox/panel/accounts/${accountId}/attachments`, {});
    expect((await sandbox.account(accountId)).excluded_attachment_kinds).toEqual([]);
  });
});
