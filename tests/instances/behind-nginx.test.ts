import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags';
import { ensureChromium } from '../../scripts/ensure-chromium';
import { freePort } from '../../scripts/free-port';
import { httpsRequest, logTails, startInstance, type Answer, type Logged } from './proxy-support';
import { startDeployment, type Deployment } from './proxy-deployment';

// The deployment guide (docs/dashboard/behind-a-proxy.md) followed to the letter: nginx with TLS and
// the guide's configuration in front of two instances built separately on one PostgreSQL. Through
// https://localhost:<port> people sign in, use forms served by one instance and posted to the
// other, invite and accept, and the sandbox's signed webhooks arrive through nginx. nginx left at
// its default headers gets a 400 naming the header to set, not a 500. A third instance whose build
// key differs refuses to start. Run by the test command after `next build`, on its PostgreSQL cluster.

const server = process.env.STORE_TEST_PG_URL;
if (!server) throw new Error('STORE_TEST_PG_URL is required: the test command starts a PostgreSQL cluster for this file');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'behind-nginx-'));
let deployment: Deployment;
let browser: Browser;
let origin = '';

beforeAll(async () => {
  deployment = await startDeployment(dir, server);
  origin = deployment.origin;
  browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_FLAGS] });
}, 900_000);

afterEach((context) => {
  if (context.task.result?.state === 'fail')
    console.error(`What the instances and nginx said:\n${logTails(dir)}\n${logTails(path.join(dir, 'nginx'))}`);
});

afterAll(async () => {
  await browser?.close();
  for (const child of deployment.children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dir, { recursive: true, force: true });
});

const newPage = async (base = origin): Promise<Page> => (await browser.newContext({ ignoreHTTPSErrors: true, baseURL: base })).newPage();

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}/robots`);
}

const instanceOf = (logged: Logged) => Number(logged.upstream.split(':').at(-1));

/** Form posts taken by the other instance than the one that served the page they came from. */
function crossedActions(logged: Logged[]): Logged[] {
  return logged.filter((action, index) => {
    if (!action.action) return false;
    const pagePath = action.uri.split('?')[0];
    const served = logged
      .slice(0, index)
      .filter((entry) => entry.method === 'GET' && !entry.rsc && entry.uri.split('?')[0] === pagePath)
      .at(-1);
    return served !== undefined && instanceOf(served) !== instanceOf(action);
  });
}

describe('behind nginx with TLS, two instances built separately on one PostgreSQL', () => {
  it('signs in, takes forms across instances, invites and accepts, and receives signed webhooks, all on the public origin', async () => {
    // Built apart from one commit, the two name their build alike: a form answered by the other
    // instance than the one that served its page must not reload the page.
    const buildIdOf = (root: string) => fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8');
    expect(buildIdOf(path.join(dir, 'second-build'))).toBe(buildIdOf(process.cwd()));
    const page = await newPage();
    await signIn(page, 'admin@example.com', 'demo-admin-pass');
    const session = (await page.context().cookies()).find((cookie) => cookie.name.includes('session-token'));
    expect(session?.name.startsWith('__Secure-')).toBe(true);
    expect(session?.secure).toBe(true);

    await page.goto('/team');
    await page.waitForLoadState('networkidle');
    const email = `invited-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Make invitation link' }).click();
    const link = await page.getByLabel('One-time link').inputValue();
    expect(link.startsWith(`${origin}/invite/`)).toBe(true);

    const invited = await newPage();
    await invited.goto(link);
    await invited.waitForLoadState('networkidle');
    const password = 'behind-nginx-password-1';
    await invited.getByLabel('Your name').fill('Pat Proxy');
    await invited.getByLabel('Password (at least 12 characters)').fill(password);
    await invited.getByLabel('The same password again').fill(password);
    await invited.getByRole('button', { name: 'Join the dashboard' }).click();
    await invited.getByTestId('welcome').waitFor();
    await signIn(invited, email, password);
    expect(await invited.getByTestId('current-role').textContent()).toBe('viewer');

    await page.goto('/webhooks');
    expect(await page.getByTestId('receiver-state').textContent()).toBe('ready');
    expect(await page.getByTestId('receiver-url').textContent()).toBe(`${origin}/api/webhooks/partner`);
    // Test events until both instances have taken a form post and one post went to the instance
    // that did not serve its page. nginx alternates per request, and the page's own background
    // requests fall between, so which instance takes a post varies: try up to twelve times.
    for (let sent = 0; sent < 12; sent++) {
      await page.goto('/webhooks');
      // A click before the page's scripts have run is lost: wait until they have loaded.
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Send test event' }).click();
      const result = page.getByTestId('test-event-result');
      await result.getByTestId('delivery-status').filter({ hasText: 'succeeded' }).waitFor({ timeout: 60_000 });
      const log = deployment.accessLog();
      const actionsBy = new Set(log.filter((logged) => logged.action).map(instanceOf));
      if (actionsBy.size === 2 && crossedActions(log).length > 0) break;
    }
    await page.goto('/webhooks/events?tests=1&type=test');
    expect(await page.getByTestId('event-row').count()).toBeGreaterThan(0);

    const logged = deployment.accessLog();
    const actions = logged.filter((entry) => entry.action);
    expect(new Set(actions.map(instanceOf))).toEqual(new Set(deployment.instancePorts));
    expect(actions.filter((entry) => entry.status >= 400)).toEqual([]);
    // A page served by one instance whose form went to the other: the two builds name their actions alike.
    const crossed = crossedActions(logged);
    expect(crossed.length).toBeGreaterThan(0);
    // Both builds serve every script and stylesheet either of them names. nginx logs 499 when the
    // browser itself dropped a request (a navigation went on before a chunk came): no answer at all.
    const CLIENT_WENT_AWAY = 499;
    const staticMisses = logged.filter(
      (entry) => entry.uri.startsWith('/_next/static/') && entry.status >= 400 && entry.status !== CLIENT_WENT_AWAY,
    );
    expect(staticMisses).toEqual([]);
    // The receiver took the sandbox's signed deliveries on both instances' behalf.
    expect(logged.some((entry) => entry.uri === '/api/webhooks/partner' && entry.status === 200)).toBe(true);
  });

  it('every kind of answer over HTTPS carries HSTS and the fixed security headers', async () => {
    const page = await newPage();
    await signIn(page, 'admin@example.com', 'demo-admin-pass');
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const login = await httpsRequest(`${origin}/login`, deployment.certificate.cert);
    const script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(login.text)?.[1];
    expect(script).toBeDefined();
    const kinds: [string, Answer, number][] = [
      ['page', login, 200],
      ['redirect to sign-in', await httpsRequest(`${origin}/robots`, deployment.certificate.cert), 307],
      ['Auth.js endpoint', await httpsRequest(`${origin}/api/auth/providers`, deployment.certificate.cert), 200],
      ['route handler /api/health', await httpsRequest(`${origin}/api/health`, deployment.certificate.cert), 200],
      [
        'the receiver',
        await httpsRequest(`${origin}/api/webhooks/partner`, deployment.certificate.cert, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        }),
        401,
      ],
      ['error page', await httpsRequest(`${origin}/no-such-page`, deployment.certificate.cert, { headers: { cookie } }), 404],
      ['static file', await httpsRequest(`${origin}${script ?? ''}`, deployment.certificate.cert), 200],
      ['favicon', await httpsRequest(`${origin}/favicon.ico`, deployment.certificate.cert), 200],
    ];
    for (const [kind, answer, status] of kinds) {
      expect({ kind, status: answer.status }).toEqual({ kind, status });
      expect({ kind, hsts: answer.headers['strict-transport-security'] }).toEqual({ kind, hsts: 'max-age=63072000; includeSubDomains' });
      expect({ kind, nosniff: answer.headers['x-content-type-options'] }).toEqual({ kind, nosniff: 'nosniff' });
      expect({ kind, frames: answer.headers['x-frame-options'] }).toEqual({ kind, frames: 'DENY' });
      expect({ kind, referrer: answer.headers['referrer-policy'] }).toEqual({ kind, referrer: 'strict-origin-when-cross-origin' });
      expect({ kind, permissions: answer.headers['permissions-policy'] }).toEqual({
        kind,
        permissions: 'camera=(), microphone=(), geolocation=()',
      });
    }
    // On the public origin, never an instance's own.
    expect(kinds[1]?.[1].headers.location).toBe(`${origin}/login?callbackUrl=%2Frobots`);
    // Auth.js names the public origin, not an instance's port.
    expect(JSON.parse(kinds[2]?.[1].text ?? '{}')).toMatchObject({ credentials: { signinUrl: `${origin}/api/auth/signin/credentials` } });
    expect(login.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("with nginx's default headers a page says which header to set (400), never a 500", async () => {
    const bare = await newPage(deployment.plainOrigin);
    const answer = await bare.goto('/login');
    expect(answer?.status()).toBe(400);
    expect(await bare.locator('body').textContent()).toContain('X-Forwarded-Proto');
    const signInPost = await httpsRequest(`${deployment.plainOrigin}/login`, deployment.certificate.cert, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'next-action': 'x', origin: deployment.plainOrigin },
      body: 'email=admin%40example.com',
    });
    expect(signInPost.status).toBe(400);
    expect(signInPost.headers['strict-transport-security']).toBeDefined();

    const protoOnly = await httpsRequest(`${deployment.protoOnlyOrigin}/login`, deployment.certificate.cert);
    expect(protoOnly.status).toBe(400);
    expect(protoOnly.text).toContain('X-Forwarded-Host');
    expect(protoOnly.text).toContain(origin);
    // Machines' paths stay open whatever the proxy forwards.
    expect((await httpsRequest(`${deployment.plainOrigin}/api/health`, deployment.certificate.cert)).status).toBe(200);
  });

  it('an instance built with another server-action key refuses to start while the others run, and says why', async () => {
    const third = path.join(dir, 'third-build');
    execFileSync('cp', ['-al', path.join(dir, 'second-build'), third]);
    const manifestPath = path.join(third, '.next', 'server', 'server-reference-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { encryptionKey: string };
    // Hard-linked to the second build's: replaced, not written through.
    fs.rmSync(manifestPath);
    fs.writeFileSync(manifestPath, JSON.stringify({ ...manifest, encryptionKey: randomBytes(32).toString('base64') }));
    const refused = startInstance(
      third,
      await freePort(),
      { ...deployment.instanceEnv, DATA_DIR: path.join(dir, 'third') },
      path.join(dir, 'instance-three.log'),
    );
    deployment.children.push(refused.process);
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 90_000);
      refused.process.once('exit', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    expect(code).toBe(1);
    expect(refused.stderr()).toMatch(/Start-up refused: This build's server-action key \(fingerprint [0-9a-f]{16}\) differs/);
    expect(refused.stderr()).toContain('AUTH_SECRET');
  });
});
