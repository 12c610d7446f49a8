/**
 * What the dashboard benches share: an in-process sandbox with one seeded account, the built
 * dashboard (scripts/serve.ts) in front of it as a real service, and a signed-in admin's cookie.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createControlClient, unwrap, type ControlClient } from '../sandbox/control-client/client';
import type { NewAccount } from '../sandbox/control-client/types';
import { startSandbox } from '../sandbox/server';
import { freePort } from '../scripts/free-port';
import { CHROMIUM_FLAGS } from '../scripts/chromium-flags';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy';
import { childEnvironment } from '../lib/config/process-env';
import { readSettings } from '../lib/config/settings';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const AUTH_SECRET = 'bench-auth-secret-0123456789abcdefghijklmnopqrs';
const WEBHOOK_TOKEN = 'bench-webhook-token-0123456789';
const ADMIN_EMAIL = 'bench@example.com';
const knobs = readSettings(['CHROMIUM_PATH', 'BENCH_PROFILE_DIR']);
export const CHROMIUM_PATH = knobs.CHROMIUM_PATH ?? '/usr/bin/chromium';
export { CHROMIUM_FLAGS };
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

type Account = { account_id: string; api_key: string };

export interface Stack {
  base: string;
  sandboxUrl: string;
  /** Where the dashboard reaches the API: the sandbox, or the latency proxy in front of it. */
  apiUrl: string;
  /** The latency proxy when the stack was started with one. */
  proxy?: LatencyProxy;
  control: ControlClient;
  account: Account;
  /** The signed-in admin's cookie header. */
  cookie: string;
  /** When the dashboard process was started (Date.now()), for figures timed from boot. */
  startedAt: number;
  close(): Promise<void>;
}

// Every source the build reads; a build older than the newest of them is stale.
const BUILD_INPUTS = [
  'app',
  'pages',
  'components',
  'lib',
  'contract',
  'proxy.ts',
  'auth.ts',
  'auth.config.ts',
  'next.config.ts',
  'package.json',
];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/**
 * Node's arguments for the built dashboard on 127.0.0.1:port, through its own server (scripts/serve.ts). BENCH_PROFILE_DIR: it writes a V8
 * CPU profile there when it stops cleanly (open it in Chrome's DevTools).
 */
export function dashboardStartArgs(port: number): string[] {
  const profile = knobs.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${knobs.BENCH_PROFILE_DIR}`] : [];
  return [...profile, '--import', 'tsx', 'scripts/serve.ts', 'start', '-p', String(port), '-H', '127.0.0.1'];
}

/** Runs `next build` when there is no build or a source changed since it, so a fresh clone benches what it has. */
export function ensureBuild(): void {
  const built = fs.statSync('.next/BUILD_ID', { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built > Math.max(...BUILD_INPUTS.map(newestMtime))) return;
  console.log('building the dashboard (next build)…');
  const result = spawnSync('node_modules/.bin/next', ['build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('next build failed');
}

/**
 * Starts the stack. `seed` fills the account through the control API before the dashboard starts.
 */
export async function startStack(options: {
  account: Omit<NewAccount, 'webhook'>;
  /** Points the account's webhook at the dashboard's receiver, so deliveries succeed and events are kept. */
  receiveWebhooks?: boolean;
  seed: (control: ControlClient, account: Account) => Promise<void>;
  /** Puts bench/latency-proxy.ts between the dashboard and the sandbox (no delay until one is set). */
  latencyProxy?: boolean;
  /** A file the dashboard appends the timed parts of its work to (BENCH_PROFILE, bench/page-profile.ts). */
  profileFile?: string;
}): Promise<Stack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-bench-'));
  const port = await freePort();
  const sandbox = await startSandbox({ port: 0, dataDir: path.join(dir, 'sandbox'), adminToken: ADMIN_TOKEN, log: () => {} });
  const control = createControlClient(fetch, sandbox.url, ADMIN_TOKEN);
  const account = unwrap(
    await control.createAccount({
      ...options.account,
      ...(options.receiveWebhooks && { webhook: { url: `http://127.0.0.1:${port}/api/webhooks/partner`, auth_token: WEBHOOK_TOKEN } }),
    }),
    'account',
  );
  await options.seed(control, account);
  ensureBuild();
  const proxy = options.latencyProxy ? await startLatencyProxy(sandbox.url) : undefined;
  const apiUrl = proxy?.url ?? sandbox.url;

  const env = {
    ...childEnvironment(),
    DATA_DIR: path.join(dir, 'dashboard'),
    AUTH_SECRET,
    PARTNER_API_URL: apiUrl,
    PARTNER_API_KEY: account.api_key,
    PARTNER_API_MODE: 'real',
    PARTNER_WEBHOOK_SECRET: account.webhook_secret,
    PARTNER_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  };
  // Against a real service there are no demo users: the first admin comes from the command line, as an operator makes it.
  const created = spawnSync('node_modules/.bin/tsx', ['--conditions=react-server', 'scripts/admin.ts', 'create', '--email', ADMIN_EMAIL], {
    env,
    encoding: 'utf8',
  });
  const password = /Password \(shown once, store it now\): (\S+)/.exec(created.stdout)?.[1];
  if (!password) throw new Error(`could not create the bench admin: ${created.stdout}${created.stderr}`);
  const startedAt = Date.now();
  // Only the server profiles: the admin tool above would add its migrations to the file.
  const serverEnv = options.profileFile ? { ...env, BENCH_PROFILE: options.profileFile } : env;
  const dashboard = spawn(process.execPath, dashboardStartArgs(port), { env: serverEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const close = async () => {
    dashboard.kill();
    await proxy?.close();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if ((await fetch(`${base}/login`).catch(() => undefined))?.ok) break;
      if (Date.now() - startedAt > 60_000) throw new Error('the dashboard did not start');
      await sleep(250);
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/robots/);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await browser.close();
    return { base, sandboxUrl: sandbox.url, apiUrl, ...(proxy && { proxy }), control, account, cookie, startedAt, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Waits until the dashboard's first filling is over: the robot directory read whole and the year's
 * closed days of usage read (what `/api/status` reports). A fresh dashboard reads both once, in the
 * background, and with the bench's raised call limit it does so in a burst of several hundred calls
 * and store writes within a few minutes, which a deployed dashboard spreads over its background share.
 * Gives how long it waited; throws after `limitMs`.
 */
export async function waitForFirstFilling(stack: Stack, limitMs = 10 * 60_000): Promise<number> {
  const began = Date.now();
  for (;;) {
    const res = await fetch(`${stack.base}/api/status`, { headers: { cookie: stack.cookie } });
    const status = (await res.json()) as { directory: { complete: boolean }; usageDays: { read: number; wanted: number } };
    if (status.directory.complete && status.usageDays.read >= status.usageDays.wanted) return Date.now() - began;
    if (Date.now() - began > limitMs)
      throw new Error(`the first filling did not end in ${limitMs / 60_000} min: ${JSON.stringify(status.usageDays)} days read`);
    await sleep(5_000);
  }
}
