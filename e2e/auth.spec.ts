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
