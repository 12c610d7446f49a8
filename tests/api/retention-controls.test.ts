import { describe, expect, it } from 'vitest';
import { runCli } from '../../sandbox/cli/main';
import { createAccountInPanel, signedInBrowser } from './panel-support';
import { ADMIN_TOKEN, setUpSandbox } from './support';

// The second subscription (decision 0026) through the panel and the command line.
const sandbox = setUpSandbox();
const browser = signedInBrowser(sandbox);

async function cli(...argv: string[]) {
  const out: string[] = [];
  const code = await runCli([...argv, '--url', sandbox.url], {
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    env: { SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  return { code, output: out.join('\n') };
}

describe('subscriptions in the panel', () => {
  it('sets a social-DM subscription beside the standard one, and says how long history is kept', async () => {
    const { accountId } = await createAccountInPanel(browser);
    const page = await browser.get(`/sandbox/panel/accounts/${accountId}`);
    expect(page.text).toContain('Conversation history is kept 6 months');
    const plan = { name: 'Both', tier: 'basic', capacity: '3', rate_limit_per_minute: '300' };
    const saved = await browser.post(`/sandbox/panel/accounts/${accountId}/plan`, {
      ...plan,
      standard_plan: 'held',
      social_dm_tier: 'business',
    });
    expect(saved.status).toBe(303);
    expect(await sandbox.account(accountId)).toMatchObject({
      standard_plan: true,
      social_dm_tier: 'business',
      history_retention_months: null,
    });
    expect((await browser.get(`/sandbox/panel/accounts/${accountId}`)).text).toContain('Conversation history is kept without limit');

    const refused = await browser.post(`/sandbox/panel/accounts/${accountId}/plan`, {
      ...plan,
      standard_plan: 'none',
      social_dm_tier: 'none',
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/id="plan-standard_plan-error">[^<]+</);
    expect((await sandbox.account(accountId)).social_dm_tier).toBe('business');
  });
});

describe('subscriptions on the command line', () => {
  it('creates a social-DM-only account and updates it to hold both', async () => {
    const created = await cli('accounts', 'create', '--name', 'Social', '--standard-plan', 'no', '--social-dm-tier', 'professional');
    expect(created.code).toBe(0);
    const id = /acc_[0-9A-Za-z]+/.exec(created.output)?.[0] ?? '';
    expect(await sandbox.account(id)).toMatchObject({ standard_plan: false, social_dm_tier: 'professional', history_retention_months: 12 });

    const updated = await cli('accounts', 'update', id, '--standard-plan', 'yes', '--tier', 'business', '--social-dm-tier', 'none');
    expect(updated.code).toBe(0);
    expect(await sandbox.account(id)).toMatchObject({ standard_plan: true, tier: 'business', social_dm_tier: null });
    expect((await cli('accounts', 'show', id)).output).toContain('history     kept 12 months (standard business, social-DM none)');
    expect((await cli('accounts', 'update', id, '--standard-plan', 'maybe')).code).not.toBe(0);
  });
});
