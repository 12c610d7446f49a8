import { encode } from 'next-auth/jwt';
import { SESSION_ABSOLUTE_MS } from '../lib/auth/session-lifetime';
import { E2E } from './e2e-env';
import { expect, logIn, snap, test } from './fixtures';

test('a wrong password shows an error and keeps the email', async ({ page }) => {
  await page.goto('/robots');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(/Wrong email or password/);
  await expect(page.getByLabel('Email')).toHaveValue('admin@example.com');
  await snap(page, 'login-error');
});

test('signing out ends the session, even for a copy of its cookie', async ({ page, context }) => {
  await logIn(page, 'admin');
  const cookiesWhileSignedIn = await context.cookies();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: /Sign in/ })).toBeVisible();

  await context.addCookies(cookiesWhileSignedIn);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: /Sign in/ })).toBeVisible();
});

test('after login the visitor returns to the page they asked for', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel('Email').fill('viewer@example.com');
  await page.getByLabel('Password').fill('demo-viewer-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('only an intact, current session cookie opens the dashboard', async ({ page, context }) => {
  await logIn(page, 'admin');
  const session = (await context.cookies()).find((c) => c.name.endsWith('authjs.session-token'));
  expect(session, 'a session cookie').toBeDefined();
  const name = session?.name ?? '';
  const value = session?.value ?? '';
  // A bare fetch each time: a request context would keep the cookie the first answer refreshes.
  const status = async (headers: Record<string, string>) => (await fetch(`${E2E.dashboardUrl}/api/status`, { headers })).status;
  expect(await status({ cookie: `${name}=${value}` })).toBe(200);

  // The same token offered as a bearer token, or with one character changed, is not a session.
  expect(await status({ authorization: `Bearer ${value}` })).toBe(401);
  const flipped = `${value.slice(0, 40)}${value[40] === 'A' ? 'B' : 'A'}${value.slice(41)}`;
  expect(await status({ cookie: `${name}=${flipped}` })).toBe(401);

  // Correctly encrypted but past its expiry, or from before the absolute lifetime: refused too.
  const claims = { email: 'admin@example.com', loginAt: Date.now() };
  const expired = await encode({ token: claims, secret: E2E.authSecret, salt: name, maxAge: -60 });
  expect(await status({ cookie: `${name}=${expired}` })).toBe(401);
  const ancient = await encode({
    token: { ...claims, loginAt: Date.now() - SESSION_ABSOLUTE_MS - 60_000 },
    secret: E2E.authSecret,
    salt: name,
  });
  expect(await status({ cookie: `${name}=${ancient}` })).toBe(401);
  const fresh = await encode({ token: claims, secret: E2E.authSecret, salt: name });
  expect(await status({ cookie: `${name}=${fresh}` })).toBe(200);
});
