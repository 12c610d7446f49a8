import { expect, logIn, snap, test } from './fixtures';

test('a test event is delivered to our receiver and shows as succeeded', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/webhooks');
  await page.getByRole('button', { name: 'Send test event' }).click();
  const result = page.getByTestId('test-event-result');
  await expect(result.getByTestId('test-delivery-id')).toHaveText(/^\S+$/);
  await expect(result.getByTestId('delivery-status')).toHaveText('succeeded', { timeout: 20_000 });
  await expect(result.getByTestId('attempt-status').first()).toHaveText(/HTTP 2\d\d/);
  await snap(page, 'webhooks-test-event');
  const deliveryIdShown = (await result.getByTestId('test-delivery-id').textContent()) ?? '';
  await expect(page.getByTestId('delivery-row').filter({ hasText: deliveryIdShown })).toHaveCount(1);

  const deliveryId = (await result.getByTestId('test-delivery-id').textContent()) ?? '';
  await page.goto(`/webhooks?delivery_id=${deliveryId}`);
  await expect(page).toHaveURL(new RegExp(`/webhooks/deliveries/${deliveryId}$`));
  await expect(page.getByTestId('delivery-payload')).toContainText('"test": true');

  await page.goto('/webhooks/events?tests=1&type=test');
  await expect(page.getByTestId('event-row').first()).toContainText('test');
});

test('a failing webhook URL accumulates attempts until the delivery fails', async ({ page, control }) => {
  await logIn(page, 'admin');
  const account = await control.call<{ webhook: { url: string; auth_token: string; custom_headers?: Record<string, string> } }>(
    'GET',
    `/accounts/${control.demoAccountId()}`,
  );
  const webhook = account.body.webhook;
  await control.withAccount({ webhook: { ...webhook, url: 'http://127.0.0.1:9/refused' } }, async () => {
    await page.goto('/webhooks');
    await page.getByRole('button', { name: 'Send test event' }).click();
    const deliveryId = (await page.getByTestId('test-delivery-id').textContent()) ?? '';
    await page.goto(`/webhooks/deliveries/${deliveryId}`);
    await expect(page.getByTestId('delivery-status')).toHaveText('retrying', { timeout: 15_000 });
    await expect(page.getByTestId('delivery-attempt')).toHaveCount(1);
    await expect(page.getByTestId('next-attempt')).not.toHaveText('not scheduled');
    await snap(page, 'delivery-retrying');

    // D20: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h between attempts.
    for (const [wait, attempts] of [
      [5, 2],
      [300, 3],
      [1800, 4],
      [7200, 5],
      [18000, 6],
      [36000, 7],
    ] as const) {
      await control.advanceClock(wait);
      await expect(page.getByTestId('delivery-attempt')).toHaveCount(attempts, { timeout: 15_000 });
    }
    await control.advanceClock(36000);
    await expect(page.getByTestId('delivery-status')).toHaveText('failed', { timeout: 15_000 });
    await expect(page.getByTestId('delivery-attempt')).toHaveCount(8);
    await expect(page.getByTestId('next-attempt')).toHaveCount(0);
    await snap(page, 'delivery-failed');
  });
  await page.goto('/webhooks?status=failed');
  await expect(page.getByTestId('delivery-row').first()).toContainText('failed');
});

test("a simulated conversation's events appear on the events page", async ({ page, control }) => {
  const robot = await control.createRobot({
    name: `Events robot ${Date.now()}`,
    external_id: `cust-ev-${Date.now()}`,
    channels: [{ type: 'widget', is_active: true }],
  });
  const conversation = await control.call<{ conversation_id: string }>('POST', `/robots/${robot.id}/conversations`, {
    channel_type: 'widget',
    messages: [
      { role: 'client', text: 'Hello, is my order on its way?' },
      { role: 'ai', text: 'Yes, it ships today.' },
    ],
  });
  expect(conversation.status).toBe(201);
  const conversationId = conversation.body.conversation_id;

  await logIn(page, 'admin');
  await expect(async () => {
    await page.goto(`/webhooks/events?conversation=${conversationId}`);
    await expect(page.getByTestId('event-row')).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const rows = page.getByTestId('event-row');
  await expect(rows.filter({ hasText: 'chat.started' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'message.received' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'message.sent' })).toHaveCount(1);
  await snap(page, 'events-page');
  await rows.first().getByRole('link', { name: conversationId }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations\\?conversation=${conversationId}$`));
  await expect(page.getByTestId('conversation-timeline')).toContainText('Hello, is my order on its way?');
});

test('a viewer cannot send test events', async ({ page }) => {
  await logIn(page, 'viewer');
  await page.goto('/webhooks');
  await expect(page.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
  await expect(page.getByText('Only an admin can send test events.')).toBeVisible();
});
