import { childEnvironment } from '../lib/config/process-env';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USERS } from '../lib/credentials/demo-users';
import { E2E } from './e2e-env';
import { expect, test } from './fixtures';
import { launchOwnDashboard, stopOwnDashboard } from './own-dashboard';

test.describe.configure({ timeout: 600_000 });

test('demo logins kept from sandbox mode cannot sign in once the same data directory serves a real service', async ({ browser }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'published-logins-'));
  // First, sandbox mode on this data directory, as `npm run dev` leaves it: the demo users are seeded.
  const sandbox = await launchOwnDashboard(dataDir, {});
  await stopOwnDashboard(sandbox);
  expect(sandbox.output()).toContain('Login (admin): admin@example.com');

  // Then a real service (the e2e run's sandbox, with its demo account's key) on the same directory.
  const { api_key } = JSON.parse(fs.readFileSync(path.join(E2E.dataDir, 'demo-account.json'), 'utf8')) as { api_key: string };
  const service = await launchOwnDashboard(dataDir, { PARTNER_API_URL: E2E.sandboxUrl, PARTNER_API_KEY: api_key });
  try {
    expect(service.output()).toContain('Mode: service');
    expect(service.output()).toMatch(/Security: +disabled admin@example\.com, viewer@example\.com: demo logins left from sandbox mode/);

    const context = await browser.newContext({ baseURL: service.url });
    const page = await context.newPage();
    for (const demo of DEMO_USERS) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(demo.email);
      await page.getByLabel('Password').fill(demo.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('login-error')).toHaveText('Wrong email or password. Check both and try again.');
    }

    // An admin made on the server sees why in the audit log.
    const created = spawnSync(
      'node_modules/.bin/tsx',
      ['--conditions=react-server', 'scripts/admin.ts', 'create', '--email', 'operator@example.com', '--name', 'Operator'],
      { env: { ...childEnvironment(), DATA_DIR: dataDir, PARTNER_API_URL: '', PARTNER_API_KEY: '' }, encoding: 'utf8', input: '' },
    );
    const password = /Password \(shown once, store it now\): (\S+)/.exec(created.stdout)?.[1] ?? '';
    expect(password.length, created.stdout + created.stderr).toBeGreaterThanOrEqual(12);
    await page.goto('/login');
    await page.getByLabel('Email').fill('operator@example.com');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('current-role')).toHaveText('admin');
    await page.goto('/audit?action=team.disable');
    for (const demo of DEMO_USERS)
      await expect(page.getByTestId('audit-row').filter({ hasText: `user:${demo.email}` })).toContainText('the published demo password');
    await context.close();
  } finally {
    await stopOwnDashboard(service);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
