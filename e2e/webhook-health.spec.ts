import type { Page } from '@playwright/test';
import { expect, logIn, snap, test } from './fixtures';

// The watch reads the deliveries once a minute by default (every 15 s in this run) and the banner
// asks every 30 s: the banner follows an endpoint's state within about a minute and a half at most.
const WITHIN_A_POLL = 150_000;

async function sendTestEvents(page: Page, count: number): Promise<void> {
  await page.goto('/webhooks');
  for (let sent = 0; sent < count; sent++) {
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('test-delivery-id')).toHaveText(/^\S+$/);
  }
}

test('a refusing webhook endpoint raises the banner on every page, the overview and the health view; it clears once deliveries succeed again', async ({
  page,
  control,
}) => {
  test.setTimeout(8 * 60_000);
  await logIn(page, 'admin');
  const account = await control.call<{ webhook: { url: string; auth_token: string; custom_headers?: Record<string, string> } }>(
    'GET',
    `/accounts/${control.demoAccountId()}`,
  );
  await control.withAccount({ webhook: { ...account.body.webhook, url: 'http://127.0.0.1:9/refused' } }, async () => {
    await sendTestEvents(page, 6);
    // Standing on another page, the banner arrives by itself.
    await page.goto('/usage');
    await expect(page.getByTestId('webhook-banner')).toBeVisible({ timeout: WITHIN_A_POLL });
    await expect(page.getByTestId('webhook-banner')).toContainText('Webhook deliveries are failing');
    await page.goto('/robots');
    await expect(page.getByTestId('webhook-banner')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('attention-item').filter({ hasText: 'Webhook deliveries are failing' })).toBeVisible();
    await expect(page.getByTestId('webhook-health-line')).toContainText('Failing since');
    await snap(page, 'overview-failing');

    await page.goto('/webhooks#health');
    await expect(page.getByTestId('failing-streak')).toContainText('Failed attempts');
    await expect(page.locator('[data-chart="time-series"]')).toHaveCount(3);
    // The deliveries go elsewhere now: what our receiver refuses says nothing about them.
    await expect(page.getByTestId('receiver-refusals-not-ours')).toContainText("not this dashboard's receiver");
    await expect(page.getByTestId('streak-last-answer')).toContainText('no answer');
    await snap(page, 'webhook-health-failing');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'webhook-health-failing-narrow');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  // Three successful attempts in a row: recovered.
  await sendTestEvents(page, 3);
  await page.goto('/usage');
  await expect(page.getByTestId('webhook-banner')).toHaveCount(0, { timeout: WITHIN_A_POLL });
  await page.goto('/webhooks#health');
  await expect(page.getByTestId('endpoint-healthy')).toBeVisible();
  await snap(page, 'webhook-health-healthy');

  // The deliveries reach our receiver again, so what it refuses is shown beside them, by reason.
  const refused = await page.request.post('/api/webhooks/partner', {
    data: '{}',
    headers: { 'content-type': 'application/json', 'x-webhook-token': 'not-the-token' },
  });
  expect(refused.status()).toBe(401);
  // The count is written after the answer is sent: the page may need a second look. The page is
  // already at /webhooks#health, where going to the same address would only scroll: reload it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('receiver-refusal-rows')).toContainText('wrong or missing X-Webhook-Token', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('receiver-refusal-totals')).toContainText(/wrong or missing X-Webhook-Token \(401\): [\d,]+ requests?/);
  await snap(page, 'webhook-health-refusals');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'webhook-health-refusals-narrow');
});
