import fs from 'node:fs';
import path from 'node:path';
import { expect, logIn, test } from './fixtures';
import { E2E } from './e2e-env';

test('every answer carries the security headers; the policy is nonce-based, without eval, and forbids framing', async ({ request }) => {
  const res = await request.get('/login');
  const policy = res.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-eval');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers()['strict-transport-security']).toBeUndefined();
  const again = await request.get('/login');
  expect(again.headers()['content-security-policy']).not.toBe(policy);
  // Behind an HTTPS proxy (as it reports), HSTS is sent.
  const proxied = await request.get('/login', { headers: { 'x-forwarded-proto': 'https' } });
  expect(proxied.headers()['strict-transport-security']).toContain('max-age=');
  const icon = await request.get('/favicon.ico');
  expect(icon.headers()['x-content-type-options']).toBe('nosniff');
});

test('sign-in works at another origin than localhost, and a crafted return path stays on the site', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E.dashboardPort}/login?callbackUrl=${encodeURIComponent('/\t/evil.example')}`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E.dashboardPort}/robots`);
  await expect(page.getByTestId('current-role')).toHaveText('admin');
  await page.goto(`http://127.0.0.1:${E2E.dashboardPort}/login?callbackUrl=%2F%09%2Fevil.example`);
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E.dashboardPort}/robots`);
});

test('repeated wrong passwords are throttled with the wait named, unknown emails alike', async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto('/login');
  // A click before the form's script has run posts the form natively: wait until it has loaded.
  await page.waitForLoadState('networkidle');
  const attempt = async (password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    // Each sign-in is a server action: wait for its answer before the next one.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/login')),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    return page.getByTestId('login-error').textContent();
  };
  for (let i = 0; i < 5; i++) expect(await attempt(`wrong-${i}`)).toBe('Wrong email or password. Check both and try again.');
  await attempt('wrong-again');
  await expect(page.getByTestId('login-error')).toHaveText(
    /^Too many failed sign-ins for this account or from this address\. Try again in \d+ s\.$/,
  );
});

test('Auth.js’s own credentials endpoint is throttled and counted like the sign-in form', async ({ page, request }) => {
  const email = `direct-${Date.now()}@example.com`;
  for (let i = 0; i < 5; i++) {
    const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const response = await request.post('/api/auth/callback/credentials', {
      form: { csrfToken, email, password: `wrong-${i}` },
      maxRedirects: 0,
    });
    expect(response.headers()['location'] ?? '').toContain('error=CredentialsSignin');
  }
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('whatever-it-is');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(
    /^Too many failed sign-ins for this account or from this address\. Try again in \d+ s\.$/,
  );
});

test('a client’s own X-Forwarded-For is not believed: the audit log records the connection’s address', async ({ page, request }) => {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const forged = '203.0.113.77';
  const response = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: 'viewer@example.com', password: 'not-the-password' },
    headers: { 'x-forwarded-for': forged, 'x-real-ip': forged },
    maxRedirects: 0,
  });
  expect(response.headers()['location'] ?? '').toContain('error=CredentialsSignin');
  await logIn(page, 'admin');
  await page.goto('/audit?action=auth.sign_in&outcome=refused&target=user%3Aviewer%40example.com');
  const entry = page.getByTestId('audit-row').first();
  await expect(entry).toContainText('anonymous');
  await expect(entry).toContainText(/from (127\.0\.0\.1|::1)/);
  await expect(page.getByText(forged)).toHaveCount(0);
});

test.describe('a signed-in visit to /login with a crafted return path stays on the site', () => {
  for (const crafted of ['/.%2F%2Fevil.example/phish', '/..//evil.example', '/%2e//evil.example', '/a/../..//evil.example']) {
    test(crafted, async ({ page }) => {
      await logIn(page, 'viewer');
      const answer = await page.request.get(`/login?callbackUrl=${crafted}`, { maxRedirects: 0 });
      expect(answer.headers().location ?? '').not.toMatch(/^\/\/|^https?:\/\/(?!localhost|127\.0\.0\.1)/);
      await page.goto(`/login?callbackUrl=${crafted}`);
      await expect(page).toHaveURL(`${E2E.dashboardUrl}/robots`);
    });
  }
});

/** Every page and route handler on disk, with its dynamic segments filled in. */
function routesOnDisk(): { url: string; kind: 'page' | 'route'; methods: string[] }[] {
  const appDir = path.resolve('app');
  const open = ['login', 'invite', 'channels/return', 'api/webhooks/partner', 'api/auth', 'api/health'];
  return (fs.readdirSync(appDir, { recursive: true }) as string[])
    .filter((f) => /(^|\/)(page\.tsx|route\.ts)$/.test(f))
    .map((f) => {
      const dir = path
        .dirname(f)
        .replace(/\([^)]+\)\/?/g, '')
        .replace(/\[[^\]]+\]/g, 'rb_x1');
      const url = `/${dir === '.' ? '' : dir}`.replace(/\/$/, '') || '/';
      const source = fs.readFileSync(path.join(appDir, f), 'utf8');
      return {
        url,
        kind: f.endsWith('route.ts') ? ('route' as const) : ('page' as const),
        methods: [...source.matchAll(/export async function (GET|POST)/g)].map((m) => m[1] ?? 'GET'),
      };
    })
    .filter((r) => r.url !== '/' && !open.some((o) => r.url === `/${o}` || r.url.startsWith(`/${o}/`)));
}

test('without a session every page sends to sign-in and every route handler answers 401', async ({ request }) => {
  const routes = routesOnDisk();
  expect(routes.length).toBeGreaterThanOrEqual(12);
  for (const route of routes) {
    if (route.kind === 'page') {
      const res = await request.get(route.url, { maxRedirects: 0 });
      expect([302, 303, 307, 308], `${route.url} without a session`).toContain(res.status());
      expect(res.headers().location ?? '', route.url).toContain('/login');
    } else {
      for (const method of route.methods) {
        const res = await request.fetch(route.url, { method, maxRedirects: 0 });
        // Handlers under /api answer 401 themselves; a download link (a navigation) is sent to sign-in.
        if (route.url.startsWith('/api/')) expect(res.status(), `${method} ${route.url} without a session`).toBe(401);
        else expect(res.headers().location ?? '', `${method} ${route.url} without a session`).toContain('/login');
      }
    }
  }
});

test('the return page tells a visitor without a session nothing about which robots exist', async ({ page, control }) => {
  const robot = await control.createRobot({ name: `Secret robot ${Date.now()}`, channels: [{ type: 'social_dm', is_active: true }] });
  const channelId = robot.channels?.[0]?.id ?? 'ch_x';
  await page.goto(`/channels/return?robot_id=${robot.id}&channel_id=${channelId}&status=connected`);
  const unknown = await page.getByTestId('return-outcome').textContent();
  await page.goto(`/channels/return?robot_id=rb_doesnotexist&channel_id=ch_doesnotexist&status=connected`);
  await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'unconfirmed');
  expect(await page.getByTestId('return-outcome').textContent()).toBe(unknown);
  await expect(page.getByText(robot.name)).toHaveCount(0);
});
