import type { Page } from '@playwright/test';
import { expect, logIn, test } from './fixtures';
import { newConversation } from './helpers';

const SESSION_ENDED = 'Your session ended — sign in again';

/** Signs out in a second tab of the same browser, as a person would, leaving `page` as it was. */
async function signOutElsewhere(page: Page): Promise<void> {
  const other = await page.context().newPage();
  await other.goto('/robots');
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveURL(/\/login/);
  await other.close();
}

test('an ended session: "Send test event" says so in place, the sidebar too, and sign-in returns to the page', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/webhooks?status=succeeded');
  await signOutElsewhere(page);

  await page.getByRole('button', { name: 'Send test event' }).click();
  const alert = page.getByTestId('api-error');
  await expect(alert).toContainText(SESSION_ENDED);
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
  await expect(page.getByTestId('signed-out-note')).toContainText('Signed out');
  await expect(page.getByTestId('current-user')).toHaveCount(0);

  await alert.getByTestId('sign-in-again').click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fwebhooks%3Fstatus%3Dsucceeded$/);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/webhooks\?status=succeeded$/);
  await expect(page.getByTestId('current-role')).toHaveText('admin');
});

test('an ended session: a channel toggle answers in place and changes nothing', async ({ page, control }) => {
  const robot = await control.createRobot({ name: `Session toggle ${Date.now()}`, channels: [{ type: 'widget', is_active: true }] });
  await logIn(page, 'admin');
  await page.goto(`/robots/${robot.id}`);
  await signOutElsewhere(page);
  await page.getByRole('switch', { name: 'Website widget receives traffic' }).click();
  await expect(page.getByTestId('api-error')).toContainText(SESSION_ENDED);
  await expect(page.getByRole('switch', { name: 'Website widget receives traffic' })).toHaveAttribute('aria-checked', 'true');
  const after = await control.call<{ data: { id: string; channels: { is_active: boolean }[] }[] }>(
    'GET',
    `/accounts/${control.demoAccountId()}/robots`,
  );
  expect(after.body.data.find((r) => r.id === robot.id)?.channels[0]?.is_active).toBe(true);
});

test('an ended session: the draft is kept, and is still there after signing in again', async ({ page, control }) => {
  const { conversationId } = await newConversation(control, 'Are you there?');
  await logIn(page, 'admin');
  await page.goto(`/conversations?conversation=${conversationId}`);
  await signOutElsewhere(page);
  await page.getByLabel('Reply draft').fill('Yes, I am looking into your order now');
  await expect(page.getByTestId('api-error')).toContainText(SESSION_ENDED);
  await expect(page.getByLabel('Reply draft')).toHaveValue('Yes, I am looking into your order now');

  await page.getByTestId('sign-in-again').first().click();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('demo-admin-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations\\?conversation=${conversationId}$`));
  await expect(page.getByLabel('Reply draft')).toHaveValue('Yes, I am looking into your order now');
});

test('an ended session: route handlers answer 401 with the same words, and the delivery poller stops', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/webhooks');
  await page.getByRole('button', { name: 'Send test event' }).click();
  const deliveryId = (await page.getByTestId('test-delivery-id').textContent()) ?? '';
  await page.goto(`/webhooks/deliveries/${deliveryId}`);
  await expect(page.getByTestId('delivery-detail')).toBeVisible();
  await signOutElsewhere(page);

  const polled: number[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/deliveries/')) polled.push(res.status());
  });
  // The poller only runs while a delivery is unsettled; ask it directly as the browser would.
  const answer = await page.request.get(`/api/deliveries/${deliveryId}`);
  expect(answer.status()).toBe(401);
  expect(((await answer.json()) as { error: { title: string } }).error.title).toBe(SESSION_ENDED);
  const upload = await page.request.post('/api/attachments', { multipart: { conversation_id: 'conv_x' } });
  expect(upload.status()).toBe(401);
  await page.waitForTimeout(5_000);
  expect(polled.filter((status) => status !== 401)).toEqual([]);
  expect(polled.length).toBeLessThanOrEqual(1);
});

test('not-found pages answer 404 and say what to do', async ({ page }) => {
  await logIn(page, 'admin');
  const robot = await page.goto('/robots/doesnotexist');
  expect(robot?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Robot not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to robots' })).toBeVisible();

  const polled: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/deliveries/')) polled.push(req.url());
  });
  const delivery = await page.goto('/webhooks/deliveries/xyz');
  expect(delivery?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Delivery not found' })).toBeVisible();
  await page.waitForTimeout(4_500);
  expect(polled).toEqual([]);
});
