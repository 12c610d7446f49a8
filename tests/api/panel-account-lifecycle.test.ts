import { describe, expect, it } from 'vitest';
import { createAccountInPanel, signedInBrowser } from './panel-support';
import { expectAnswer, setUpSandbox } from './support';

// The account page's own clock and its deletion, through the panel's real forms.

const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);

describe('panel: an account’s own clock and its deletion', () => {
  it("advances only this account's clock and shows how far ahead it is", async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser, { name: 'Clocked' });
    const other = await sandbox.createAccount({ name: 'Bystander' });
    const page = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(page.text).toContain('0 s (follows the sandbox clock)');

    const advanced = await browser.post(`/sandbox/panel/accounts/${accountId}/clock/advance`, { amount: '3', unit: 'hours' });
    expect(advanced.location).toBe(`/sandbox/panel/accounts/${accountId}?done=account-clock#account-clock`);
    const after = await browser.follow(advanced);
    expect(after.text).toContain('10800 s (a clock of its own)');
    expect(after.text).toContain('This account&#39;s clock advanced.');
    const dated = await sandbox.api(apiKey, '/v1/robots');
    expect(Date.parse(dated.headers.get('date') ?? '') - Date.now()).toBeGreaterThan(3 * 3600 * 1000 - 60_000);
    expect(expectAnswer(await sandbox.admin.accountClock(other.account_id), 200).own_clock).toBe(false);

    const wrong = await browser.post(`/sandbox/panel/accounts/${accountId}/clock/advance`, { amount: 'soon', unit: 'weeks' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('value="soon"');
    expect(wrong.text).toContain('Choose seconds, minutes, hours or days.');
  });

  it('deletes an account only when its id is typed, then lists the accounts without it', async () => {
    const { accountId, apiKey } = await createAccountInPanel(browser, { name: 'Doomed' });
    await browser.get(`/sandbox/panel/accounts/${accountId}`);
    const refused = await browser.post(`/sandbox/panel/accounts/${accountId}/delete`, { confirm: 'Doomed' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`Type ${accountId} exactly to delete this account.`);
    expect(refused.text).toContain('value="Doomed"');
    expect((await sandbox.api(apiKey, '/v1/robots')).status).toBe(200);

    const deleted = await browser.post(`/sandbox/panel/accounts/${accountId}/delete`, { confirm: accountId });
    expect(deleted.location).toBe('/sandbox/panel/accounts?done=deleted');
    const list = await browser.follow(deleted);
    expect(list.text).toContain('The account is deleted, with everything it owned.');
    expect(list.text).not.toContain(`/sandbox/panel/accounts/${accountId}"`);
    expect((await sandbox.api(apiKey, '/v1/robots')).status).toBe(401);
    expect((await browser.get(`/sandbox/panel/accounts/${accountId}`)).status).toBe(404);
  });
});
