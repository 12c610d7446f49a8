import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { DEMO_USERS } from '../lib/credentials/demo-users';
import { createControlClient, unwrap, type ControlClient, type ControlResult } from '../sandbox/control-client/client';
import type { Account, AccountChanges, NewFault, NewRobot, Robot } from '../sandbox/control-client/types';
import { E2E } from './e2e-env';

type Role = (typeof DEMO_USERS)[number]['role'];

/** A control answer with the status the test expects, failing with the control API's own message otherwise. */
function expectAnswer<T>(result: ControlResult<T>, status: number, what: string): T {
  expect(result.status, what).toBe(status);
  return unwrap(result, what);
}

/** The sandbox control API (D24) through the sandbox's own client: tests seed what they need through it, never through the UI. */
export class ControlApi {
  readonly client: ControlClient = createControlClient(fetch, E2E.sandboxUrl, E2E.adminToken);

  /** Any control route by its path under /sandbox/api, answered as is. */
  async call<T = unknown>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.client.send(method, `/sandbox/api${pathname}`, body);
    // The spec names the shape of the route it called, as it would reading any JSON.
    return { status: res.status, body: res.body as T };
  }

  demoAccountId(): string {
    const file = path.join(E2E.dataDir, 'demo-account.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { account_id: string }).account_id;
  }

  async createRobot(input: NewRobot): Promise<Robot> {
    // Robots seeded by earlier specs keep their slots: make room for this one's active channels, so
    // a spec run alone or after others seeds the same way. Specs about capacity set their own.
    await this.makeRoom((input.channels ?? []).filter((c) => c.is_active !== false).length);
    return expectAnswer(await this.client.createRobot(this.demoAccountId(), input), 201, 'control API creates the robot');
  }

  /** Raises the account's capacity when `wanted` more active channels would not fit, so earlier specs' channels never decide a later one. */
  async makeRoom(wanted: number): Promise<void> {
    if (wanted <= 0) return;
    const { active_channels, capacity } = await this.account();
    if (active_channels + wanted > capacity)
      expectAnswer(
        await this.client.patchAccount(this.demoAccountId(), { capacity: active_channels + wanted + 10 }),
        200,
        'control API makes room on the account',
      );
  }

  async account(): Promise<Account> {
    return expectAnswer(await this.client.getAccount(this.demoAccountId()), 200, 'control API reads the account');
  }

  /** Changes the demo account for the duration of `work`, then puts the changed fields back. */
  async withAccount<T>(patch: AccountChanges, work: () => Promise<T>): Promise<T> {
    const before: Record<string, unknown> = await this.account();
    const restore: AccountChanges = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k]]));
    expectAnswer(await this.client.patchAccount(this.demoAccountId(), patch), 200, 'control API patches the account');
    try {
      return await work();
    } finally {
      await this.client.patchAccount(this.demoAccountId(), restore);
    }
  }

  async advanceClock(seconds: number): Promise<void> {
    expectAnswer(await this.client.advanceClock(seconds), 200, 'control API advances the clock');
  }

  async fault(input: Omit<NewFault, 'account_id'>): Promise<void> {
    expectAnswer(await this.client.addFault({ account_id: this.demoAccountId(), ...input }), 201, 'control API arms the fault');
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

/**
 * Until every section that streams in behind a skeleton has arrived. A page's `load` can come
 * before them, so asking whether something is on the page (`count()`) right after `goto` may
 * answer 0 for a button that is about to appear.
 */
export async function untilLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, { timeout: 30_000 });
}

/** Full-page screenshots for reviewing each page by eye, kept under test-results/screens. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await untilLoaded(page);
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

/**
 * A partner key the test itself can call the API with. The demo key lives only in the dashboard's
 * process, so the worker rotates it once and gives the new key to the dashboard on its Settings page.
 */
async function rotateDemoKeyIntoDashboard(browser: Browser): Promise<string> {
  const control = new ControlApi();
  const { api_key } = expectAnswer(await control.client.rotateKey(control.demoAccountId()), 201, 'control API rotates the demo key');
  const page = await browser.newPage({ baseURL: E2E.dashboardUrl });
  await logIn(page, 'admin');
  await page.goto('/settings');
  await page.getByLabel('New API key').fill(api_key);
  await page.getByRole('button', { name: 'Check and save key' }).click();
  await expect(page.getByText('Key saved')).toBeVisible();
  await page.close();
  return api_key;
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
      await use(async <T>(path: string) => {
        const res = await fetch(`${E2E.sandboxUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
        return { status: res.status, body: (await res.json()) as T };
      });
    },
    { scope: 'worker' },
  ],
});

export { expect };
