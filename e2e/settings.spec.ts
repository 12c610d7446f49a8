import { expect, logIn, snap, test } from './fixtures';

test('settings show the sandbox, the key only as a fingerprint, and a working connection', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/settings');
  await expect(page.getByTestId('api-mode')).toContainText('sandbox');
  await expect(page.getByTestId('key-fingerprint')).toHaveText(/^pk_live_…[A-Za-z0-9]{4}$/);
  const html = await page.content();
  expect(html).not.toMatch(/pk_live_[A-Za-z0-9]{32}/);
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).src));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const body = await (await page.request.get(src)).text();
    expect(body, src).not.toMatch(/pk_live_[A-Za-z0-9]{32}/);
  }
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByTestId('connection-ok')).toContainText('Connected');
  await snap(page, 'settings');
});

test('a malformed key is refused before anything is sent', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/settings');
  await page.getByLabel('New API key').fill('sk_test_nope');
  await page.getByRole('button', { name: 'Check and save key' }).click();
  await expect(page.getByText('A partner key starts with pk_live_')).toBeVisible();
});
