import { describe, expect, it } from 'vitest';
import { createAccountInPanel, shownSecret, signedInBrowser } from './panel-support';
import { expectAnswer, setUpSandbox } from './support';

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);

const robotsOf = async (id: string) => expectAnswer(await sandbox.admin.listRobots(id), 200).data;

describe('panel webhook settings', () => {
  it('saves URL, auth token and custom headers as name/value rows', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/webhook`, {
      webhook_url: 'http://127.0.0.1:9/hooks',
      webhook_auth_token: 'token-123',
      header_name: ['X-Tenant', 'X-Env', ''],
      header_value: ['acme', 'staging', ''],
    });
    expect(result.status).toBe(303);
    expect((await browser.follow(result)).text).toContain('Webhook saved.');
    expect((await sandbox.account(accountId)).webhook).toEqual({
      url: 'http://127.0.0.1:9/hooks',
      auth_token: 'token-123',
      custom_headers: { 'X-Tenant': 'acme', 'X-Env': 'staging' },
    });
    const page = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(page.text).toContain('value="X-Tenant"');
    expect(page.text).toContain('value="staging"');
  });

  it('refuses a bad header name, keeps every row as typed, and saves nothing', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/webhook`, {
      webhook_url: 'https://example.test/hook',
      webhook_auth_token: 'tok',
      header_name: ['Bad Header', 'X-Ok'],
      header_value: ['v1', 'v2'],
    });
    expect(result.status).toBe(422);
    expect(result.text).toContain('value="Bad Header"');
    expect(result.text).toContain('value="X-Ok"');
    expect(result.text).toContain('value="https://example.test/hook"');
    expect(result.text).toMatch(/id="webhook-headers-error">&quot;Bad Header&quot; is not a valid header name/);
    expect((await sandbox.account(accountId)).webhook).toBeNull();
  });

  it('removes the webhook', async () => {
    const { accountId } = await createAccountInPanel(browser, { webhook_url: 'http://127.0.0.1:9/h', webhook_auth_token: 't' });
    expect((await sandbox.account(accountId)).webhook).not.toBeNull();
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/webhook`, { remove: '1' });
    expect((await browser.follow(result)).text).toContain('Webhook removed.');
    expect((await sandbox.account(accountId)).webhook).toBeNull();
  });

  it('rotates the webhook secret, shown once with the 24 h overlap note', async () => {
    const { accountId } = await createAccountInPanel(browser);
    const before = (await sandbox.account(accountId)).webhook_secret;
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/webhook-secret/rotate`);
    expect(result.status).toBe(200);
    const secret = shownSecret(result.text, 'whsec_');
    expect(secret).not.toBe(before);
    expect(result.text).toContain('24 hours');
    expect((await sandbox.account(accountId)).webhook_secret).toBe(secret);
  });

  it('sets and clears the return URL', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/return-url`, { return_url: 'https://partner.test/back' });
    expect((await sandbox.account(accountId)).return_url).toBe('https://partner.test/back');
    await browser.post(`/sandbox/panel/accounts/${accountId}/return-url`, { return_url: '' });
    expect((await sandbox.account(accountId)).return_url).toBeNull();
  });
});

describe('panel robots and channels', () => {
  it('creates and changes a robot (name, external_id, model)', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, { name: 'Shop bot', external_id: 'cust-1', model: 'enhanced' });
    const [robot] = await robotsOf(accountId);
    expect(robot).toMatchObject({ name: 'Shop bot', external_id: 'cust-1', model: 'enhanced' });
    if (!robot) return;
    const saved = await browser.post(`/sandbox/panel/accounts/${accountId}/robots/${robot.id}`, {
      name: 'Shop bot 2',
      external_id: '',
      model: 'standard',
    });
    expect(saved.status).toBe(303);
    expect((await robotsOf(accountId))[0]).toMatchObject({ name: 'Shop bot 2', external_id: null, model: 'standard' });
  });

  it('keeps a robot form as typed when the name is missing', async () => {
    const { accountId } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const result = await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, {
      name: '  ',
      external_id: 'keep-me',
      model: 'enhanced',
    });
    expect(result.status).toBe(422);
    expect(result.text).toContain('value="keep-me"');
    expect(result.text).toMatch(/<option value="enhanced" selected>/);
    expect(result.text).toMatch(/id="robot-create-name-error">Enter a name.</);
    expect(await robotsOf(accountId)).toEqual([]);
  });

  it('adds panel-only channels (active or not), refuses a second of a type and over capacity, and removes one', async () => {
    const { accountId } = await createAccountInPanel(browser, { capacity: '1' });
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, { name: 'R', model: 'standard' });
    const robotId = (await robotsOf(accountId))[0]?.id ?? '';
    const add = (form: Record<string, string>) => browser.post(`/sandbox/panel/accounts/${accountId}/robots/${robotId}/channels`, form);

    expect((await add({ type: 'chat_vendor_a', is_active: 'true', username: 'vendor-a-page' })).status).toBe(303);
    expect((await add({ type: 'widget' })).status).toBe(303);
    const full = await add({ type: 'chat_app', is_active: 'true' });
    expect(full.status).toBe(403);
    expect(full.text).toContain('capacity_exhausted');
    const taken = await add({ type: 'widget' });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('channel_type_taken');
    const token = await add({ type: 'messenger_bot' });
    expect(token.status).toBe(422);

    let channels = (await robotsOf(accountId))[0]?.channels ?? [];
    expect(channels.map((c) => [c.type, c.status, c.is_active])).toEqual([
      ['chat_vendor_a', 'connected', true],
      ['widget', 'disabled', false],
    ]);
    const page = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(page.text).toContain('vendor-a-page');

    const widget = channels.find((c) => c.type === 'widget');
    const removed = await browser.post(`/sandbox/panel/accounts/${accountId}/channels/${widget?.id ?? ''}/remove`);
    expect((await browser.follow(removed)).text).toContain('Channel removed.');
    channels = (await robotsOf(accountId))[0]?.channels ?? [];
    expect(channels.map((c) => c.type)).toEqual(['chat_vendor_a']);
  });
});

describe('panel traffic and clock', () => {
  it('simulates history and starts and stops the live simulator', async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser);
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    await browser.post(`/sandbox/panel/accounts/${accountId}/robots`, { name: 'Busy', model: 'standard' });
    const history = await browser.post(`/sandbox/panel/accounts/${accountId}/history`, { days: '7', seed: '3' });
    expect(history.status).toBe(303);
    expect((await browser.follow(history)).text).toMatch(/History simulated: \d+ conversations, \d+ messages\./);
    const usage = await sandbox.api<{ data: { messages: { total: number } }[] }>(apiKey, '/v1/usage');
    expect(usage.body.data[0]?.messages.total).toBeGreaterThan(0);

    const bad = await browser.post(`/sandbox/panel/accounts/${accountId}/history`, { days: '999', seed: '3' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('value="999"');
    expect(bad.text).toMatch(/id="history-days-error"/);

    const start = await browser.post(`/sandbox/panel/accounts/${accountId}/simulator`, { enabled: 'true', interval_seconds: '60' });
    expect((await browser.follow(start)).text).toContain('running every 60 s');
    await browser.post(`/sandbox/panel/accounts/${accountId}/simulator`, { enabled: 'false', interval_seconds: '60' });
    const list = expectAnswer(await sandbox.admin.listSimulators(), 200);
    expect(list.data.filter((s) => s.account_id === accountId)).toEqual([]);
  });

  it('shows the clock and advances it by minutes; refuses a bad amount with the typed value', async () => {
    const page = await browser.get('/sandbox/panel/clock');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sandbox now');
    const before = await sandbox.now();
    const advanced = await browser.post('/sandbox/panel/clock/advance', {
      amount: '30',
      unit: 'minutes',
      return_to: '/sandbox/panel/clock',
    });
    expect(advanced.location).toBe('/sandbox/panel/clock?done=clock');
    expect((await sandbox.now()).getTime() - before.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    const bad = await browser.post('/sandbox/panel/clock/advance', { amount: '-3', unit: 'minutes', return_to: '/sandbox/panel/clock' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('value="-3"');
    expect(bad.text).toMatch(/id="clock-amount-error">must be &gt; 0/);
  });
});
