import { expect, logIn, snap, test } from './fixtures';
import { E2E } from './e2e-env';

test('the overview shows robots and channels, the call budget and what needs attention, each card on its own', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('overview-robots')).toContainText(/robots (on this account|read so far)/);
  await expect(page.getByTestId('channels-on')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('budget-used')).toContainText('used in the last minute');
  await expect(page.getByTestId('overview-attention')).toBeVisible();
  await snap(page, 'overview');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'overview-narrow');
});

test('a key the service refuses is the first thing the overview says, for viewers too, until the service accepts it again', async ({
  page,
  browser,
  control,
}) => {
  await logIn(page, 'admin');
  await control.withAccount({ key_expires_at: '2000-01-01T00:00:00Z' }, async () => {
    // Any page that asks the service meets the refusal.
    await page.goto('/webhooks');
    await page.goto('/');
    const first = page.getByTestId('attention-item').first();
    await expect(first).toHaveAttribute('data-kind', 'key_refused');
    await expect(first).toContainText("The service refuses the dashboard's API key");
    await expect(first.getByRole('link', { name: 'Replace the key on Settings' })).toHaveAttribute('href', '/settings');
    await snap(page, 'overview-key-refused');
    // The robots list says so too, naming the fix, rather than showing the directory as if current.
    await page.goto('/robots');
    await expect(page.getByTestId('api-error')).toBeVisible();
    await expect(page.getByTestId('robot-row')).toHaveCount(0);

    const viewer = await browser.newPage({ baseURL: E2E.dashboardUrl });
    await logIn(viewer, 'viewer');
    await viewer.goto('/');
    await expect(viewer.getByTestId('attention-item').first()).toHaveAttribute('data-kind', 'key_refused');
    await viewer.close();
  });
  // A page that asks the service again, now accepted (its list may still be empty on a fresh account).
  await page.goto('/webhooks');
  await expect(page.getByRole('heading', { name: 'Deliveries' })).toBeVisible();
  await expect(page.getByTestId('api-error')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('attention-item').filter({ hasText: 'refuses the dashboard' })).toHaveCount(0);
});
