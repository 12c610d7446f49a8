import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { DEMO_USERS } from '../lib/auth/demo-users';
import { E2E } from './e2e-env';

type CreatedRobot = { id: string; name: string; channels?: { id: string; type: string; is_active: boolean }[] };
type Role = (typeof DEMO_USERS)[number]['role'];

/** The sandbox control API (D24): tests seed what they need through it, never through the UI. */
export class ControlApi {
  async call<T = unknown>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${E2E.sandboxUrl}/sandbox/api${pathname}`, {
      method,
      headers: { authorization: `Bearer ${E2E.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  demoAccountId(): string {
    const file = path.join(E2E.dataDir, 'demo-account.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { account_id: string }).account_id;
  }

  async createRobot(input: { name: string; external_id?: string; channels?: { type: string; is_active?: boolean; username?: string }[] }): Promise<CreatedRobot> {
    const res = await this.call<CreatedRobot>('POST', `/accounts/${this.demoAccountId()}/robots`, input);
    expect(res.status, 'control API creates the robot').toBe(201);
    return res.body;
  }

  async account(): Promise<{ capacity: number; active_channels: number; roles: string[]; lapsed: boolean }> {
    const res = await this.call<{ capacity: number; active_channels: number; roles: string[]; lapsed: boolean }>('GET', `/accounts/${this.demoAccountId()}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  /** Changes the demo account for the duration of `work`, then puts the changed fields back. */
  async withAccount<T>(patch: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
    const before = (await this.call<Record<string, unknown>>('GET', `/accounts/${this.demoAccountId()}`)).body;
    const restore = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k]]));
    const res = await this.call('PATCH', `/accounts/${this.demoAccountId()}`, patch);
    expect(res.status, 'control API patches the account').toBe(200);
    try {
      return await work();
    } finally {
      await this.call('PATCH', `/accounts/${this.demoAccountId()}`, restore);
    }
  }

  async advanceClock(seconds: number): Promise<void> {
    const res = await this.call('POST', '/clock/advance', { seconds });
    expect(res.status).toBe(200);
  }

  async fault(input: { path_prefix: string; method?: string; status: 429 | 500 | 503; times: number; retry_after?: number }): Promise<void> {
    const res = await this.call('POST', '/faults', { account_id: this.demoAccountId(), ...input });
    expect(res.status, 'control API arms the fault').toBe(201);
  }
}

export async function logIn(page: Page, role: Role): Promise<void> {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-role')).toHaveText(role);
}

/** Full-page screenshots for reviewing each page by eye, kept under test-results/screens. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

/**
 * A partner key the test itself can call the API with. The demo key lives only in the dashboard's
 * process, so the worker rotates it once and gives the new key to the dashboard on its Settings page.
 */
async function rotateDemoKeyIntoDashboard(browser: Browser): Promise<string> {
  const control = new ControlApi();
  const rotated = await control.call<{ api_key: string }>('POST', `/accounts/${control.demoAccountId()}/keys/rotate`);
  expect(rotated.status).toBe(201);
  const page = await browser.newPage({ baseURL: E2E.dashboardUrl });
  await logIn(page, 'admin');
  await page.goto('/settings');
  await page.getByLabel('New API key').fill(rotated.body.api_key);
  await page.getByRole('button', { name: 'Check and save key' }).click();
  await expect(page.getByText('Key saved')).toBeVisible();
  await page.close();
  return rotated.body.api_key;
}

export type PartnerApi = <T = unknown>(path: string) => Promise<{ status: number; body: T }>;

export const test = base.extend<{ control: ControlApi }, { apiKey: string; partnerApi: PartnerApi }>({
  control: async ({}, use) => {
    await use(new ControlApi());
  },
  apiKey: [
    async ({ browser }, use) => {
      await use(await rotateDemoKeyIntoDashboard(browser));
    },
    { scope: 'worker' },
  ],
  partnerApi: [
    async ({ apiKey }, use) => {
      await use(async <T,>(path: string) => {
        const res = await fetch(`${E2E.sandboxUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
        return { status: res.status, body: (await res.json()) as T };
      });
    },
    { scope: 'worker' },
  ],
});

export { expect };
