import type { Page } from '@playwright/test';
import { expect, logIn, snap, test, untilLoaded } from './fixtures';
import { E2E } from './e2e-env';
import { removeAlertDestination, startReceiver } from './alert-receiver';
import { removeIfShown, thenCleanUp } from './helpers';
import { startMailCatcher } from '../tests/support/mail-catcher';

// Alerts reach someone away from the screen: a local JSON receiver stands in for a Slack or Teams
// incoming webhook. The watch reads deliveries each minute and the alert pass runs every 30 s.

async function sendTestEvents(page: Page, count: number): Promise<void> {
  await page.goto('/webhooks');
  for (let sent = 0; sent < count; sent++) {
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('test-delivery-id')).toHaveText(/^\S+$/);
  }
}

/**
 * The Alerts page's list of held alerts, read afresh. The list is there only once something is
 * held (an incident's history also names its title, so the page as a whole would not do).
 */
async function heldAlertsText(page: Page): Promise<string | null> {
  await page.goto('/alerts');
  await untilLoaded(page);
  const held = page.getByTestId('held-alerts');
  return (await held.count()) > 0 ? held.textContent() : '';
}

const WITHIN_TWO_PASSES = 180_000;

test('a failing endpoint sends one alert with its facts, acknowledging is recorded, and recovery sends one more', async ({
  page,
  browser,
  control,
}) => {
  test.setTimeout(8 * 60_000);
  const receiver = await startReceiver();
  await logIn(page, 'admin');
  await page.goto('/settings');
  const form = page.getByTestId('add-destination');
  await form.getByLabel('Name').fill('On-call');
  await form.getByLabel('Incoming-webhook URL').fill(receiver.url);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form).toContainText('Added On-call');
  await snap(page, 'settings-alert-destinations');
  const destination = page.getByTestId('alert-destination').filter({ hasText: 'On-call' });
  // Only the host is shown: the path of an incoming-webhook URL is its credential.
  await expect(destination).toContainText('http://127.0.0.1:');
  await expect(destination).not.toContainText('/hook');
  await destination.getByRole('button', { name: 'Send a test alert to On-call' }).click();
  await expect(destination).toContainText('Test sent to On-call: it answered HTTP 200');
  expect(receiver.received.map((r) => r.occasion)).toEqual(['test']);

  const account = await control.call<{ webhook: { url: string; auth_token: string; custom_headers?: Record<string, string> } }>(
    'GET',
    `/accounts/${control.demoAccountId()}`,
  );
  const failing = () => receiver.received.filter((r) => r.kind === 'deliveries_failing');
  await thenCleanUp(
    async () => {
      // Our own receiver, with a token it does not know: every delivery answered 401.
      await control.withAccount({ webhook: { ...account.body.webhook, auth_token: 'not-our-token' } }, async () => {
        await sendTestEvents(page, 6);
        await expect.poll(() => failing().length, { timeout: WITHIN_TWO_PASSES, intervals: [2_000] }).toBe(1);
        const [alert] = failing();
        expect(alert).toMatchObject({ occasion: 'opened', kind: 'deliveries_failing', status_codes: [401] });
        expect(Date.parse(alert?.since ?? '')).toBeGreaterThan(Date.now() - 30 * 60_000);
        expect(alert?.link).toBe(`${E2E.dashboardUrl}/webhooks#health`);
        expect(alert?.text).toContain('Webhook deliveries are failing');

        await page.goto('/alerts');
        const incident = page.getByTestId('incident').filter({ hasText: 'Webhook deliveries are failing' }).first();
        await expect(incident).toHaveAttribute('data-state', 'open');
        await expect(incident).toContainText('HTTP 401');
        const viewer = await browser.newPage({ baseURL: E2E.dashboardUrl });
        await logIn(viewer, 'viewer');
        await viewer.goto('/alerts');
        await expect(viewer.getByTestId('incident').filter({ hasText: 'Webhook deliveries are failing' }).first()).toBeVisible();
        await expect(viewer.getByRole('button', { name: /Acknowledge/ })).toHaveCount(0);
        await viewer.close();

        await incident.getByRole('button', { name: /^Acknowledge/ }).click();
        await expect(page.getByTestId('incident').filter({ hasText: 'Webhook deliveries are failing' }).first()).toHaveAttribute(
          'data-state',
          'acknowledged',
        );
        await page
          .getByTestId('incident')
          .first()
          .getByText(/^History/)
          .click();
        await expect(page.getByTestId('incident-history').first()).toContainText('acknowledged by admin@example.com');
        await snap(page, 'alerts-incident');
        await page.setViewportSize({ width: 390, height: 844 });
        await snap(page, 'alerts-incident-narrow');
        await page.setViewportSize({ width: 1366, height: 768 });
      });
      // Three successful deliveries in a row: recovered, and one alert says so.
      await sendTestEvents(page, 3);
      await expect
        .poll(() => failing().map((r) => r.occasion), { timeout: WITHIN_TWO_PASSES, intervals: [2_000] })
        .toEqual(['opened', 'resolved']);
      await page.goto('/alerts');
      await expect(page.getByTestId('incident').filter({ hasText: 'Webhook deliveries are failing' }).first()).toHaveAttribute(
        'data-state',
        'resolved',
      );
    },
    async () => {
      // Later specs' incidents would otherwise be sent to a receiver that is gone.
      await removeAlertDestination(page, 'On-call');
      receiver.close();
    },
  );
});

test('a mute holds the alerts it covers and lists them, sending none; ending it is recorded', async ({ page, control }) => {
  test.setTimeout(8 * 60_000);
  const receiver = await startReceiver();
  await logIn(page, 'admin');
  await page.goto('/settings');
  const add = page.getByTestId('add-destination');
  await add.getByLabel('Name').fill('Muted on-call');
  await add.getByLabel('Incoming-webhook URL').fill(receiver.url);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toContainText('Added Muted on-call');

  await page.goto('/alerts');
  const form = page.getByTestId('add-mute');
  await form.getByLabel('For hours').fill('1');
  await form.getByLabel('Why').fill('Planned maintenance');
  await form.getByRole('button', { name: 'Mute' }).click();
  await expect(form).toContainText('Alerts for the whole account are held for 1 h');
  const mute = page.getByTestId('alert-mute').filter({ hasText: 'Planned maintenance' });
  await expect(mute).toContainText('the whole account');

  const account = await control.call<{ webhook: { url: string; auth_token: string; custom_headers?: Record<string, string> } }>(
    'GET',
    `/accounts/${control.demoAccountId()}`,
  );
  await thenCleanUp(
    async () => {
      await control.withAccount({ webhook: { ...account.body.webhook, auth_token: 'not-our-token' } }, async () => {
        await sendTestEvents(page, 6);
        // The incident opens as usual, and its alert is held, not sent.
        await expect
          .poll(() => heldAlertsText(page), { timeout: WITHIN_TWO_PASSES, intervals: [5_000] })
          .toContain('opened — Webhook deliveries are failing');
        // An earlier spec's incident of the same kind may be listed too, resolved.
        await expect(
          page.locator('[data-testid="incident"][data-state="open"]').filter({ hasText: 'Webhook deliveries are failing' }),
        ).toBeVisible();
        await snap(page, 'alerts-muted');
      });
      // Recovered while still muted: held too, and the receiver never heard of either.
      await sendTestEvents(page, 3);
      await expect
        .poll(() => heldAlertsText(page), { timeout: WITHIN_TWO_PASSES, intervals: [5_000] })
        .toContain('resolved — Webhook deliveries are failing');
      // Other kinds (silence, say) may open or close meanwhile: only this incident's alerts were held.
      expect(receiver.received.filter((r) => r.kind === 'deliveries_failing')).toEqual([]);

      await page
        .getByTestId('alert-mute')
        .filter({ hasText: 'Planned maintenance' })
        .getByRole('button', { name: 'End the mute of the whole account' })
        .click();
      await expect(page.getByTestId('alert-mute')).toHaveCount(0);
      await page.goto('/audit');
      const entries = page.getByRole('list', { name: 'Audit entries' });
      await expect(entries.getByRole('listitem').filter({ hasText: 'Alert mute ended' }).first()).toContainText('admin@example.com');
      await expect(entries.getByRole('listitem').filter({ hasText: 'Alerts muted' }).first()).toContainText('account');
    },
    async () => {
      await page.goto('/alerts');
      await untilLoaded(page);
      const ending = page.getByRole('button', { name: 'End the mute of the whole account' });
      if (await ending.count()) await ending.first().click();
      await removeAlertDestination(page, 'Muted on-call');
      receiver.close();
    },
  );
});

test('e-mail alerts go through the mail server an admin sets; its password is never shown, and changes are recorded', async ({ page }) => {
  const mail = await startMailCatcher({ login: { user: 'alerts', pass: 'smtp-pass-9f2c' } });
  await thenCleanUp(
    async () => {
      await logIn(page, 'admin');
      await page.goto('/settings');
      const add = page.getByTestId('add-destination');
      await add.getByLabel('E-mail', { exact: true }).check();
      await expect(add).toContainText('Set the mail server (SMTP) below first');
      await expect(page.getByTestId('smtp-state')).toContainText('None set');

      const smtp = page.getByTestId('smtp-settings');
      await smtp.getByLabel('Host').fill('127.0.0.1');
      await smtp.getByLabel('Port').fill(String(mail.port));
      await smtp.getByLabel('Connection').selectOption('none');
      await smtp.getByLabel('User name (blank: no sign-in)').fill('alerts');
      await smtp.getByLabel('Password').fill('smtp-pass-9f2c');
      await smtp.getByLabel('Sender address').fill('dashboard@example.com');
      await smtp.getByRole('button', { name: 'Save mail server' }).click();
      await expect(smtp).toContainText(`Saved: e-mail alerts go through 127.0.0.1:${mail.port}`);
      await expect(page.getByTestId('smtp-state')).toContainText('signing in as alerts; sent from dashboard@example.com');

      await page.reload();
      await add.getByLabel('E-mail', { exact: true }).check();
      await add.getByLabel('Name').fill('Ops mail');
      await add.getByLabel('E-mail addresses').fill('ops@example.com, not-an-address');
      await add.getByRole('button', { name: 'Add' }).click();
      await expect(add).toContainText('“not-an-address” is not an e-mail address');
      await add.getByLabel('E-mail addresses').fill('ops@example.com');
      await add.getByRole('button', { name: 'Add' }).click();
      await expect(add).toContainText('Added Ops mail');

      const destination = page.getByTestId('alert-destination').filter({ hasText: 'Ops mail' });
      await destination.getByRole('button', { name: 'Send a test alert to Ops mail' }).click();
      await expect(destination).toContainText('Test sent to Ops mail: the mail server accepted it');
      expect(mail.mails.map((m) => [m.user, m.from, m.to])).toEqual([['alerts', 'dashboard@example.com', ['ops@example.com']]]);
      expect(mail.mails[0]?.raw).toMatch(/^Subject: \[Test\] Alerts from the partner dashboard reach Ops mail\r?$/m);
      await snap(page, 'settings-alert-email');

      await destination.getByText('Change', { exact: true }).click();
      const change = destination.getByTestId('change-destination');
      await change.getByLabel('Name').fill('On-call mail');
      await change.getByLabel(/New e-mail addresses/).fill('oncall@example.com');
      await change.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('alert-destination').filter({ hasText: 'On-call mail' })).toContainText('oncall@example.com');
      await page.getByRole('button', { name: 'Send a test alert to On-call mail' }).click();
      await expect.poll(() => mail.mails.at(-1)?.to).toEqual(['oncall@example.com']);

      // The password went into the store sealed and never comes back to a page.
      expect(await page.content()).not.toContain('smtp-pass-9f2c');

      await page.goto('/audit');
      const entries = page.getByRole('list', { name: 'Audit entries' });
      await expect(entries.getByRole('listitem').filter({ hasText: 'Mail server for alerts saved' }).first()).toContainText('127.0.0.1');
      await expect(entries.getByRole('listitem').filter({ hasText: 'Alert destination changed' }).first()).toContainText(
        'admin@example.com',
      );
    },
    async () => {
      await page.goto('/settings');
      await untilLoaded(page);
      const remove = page.getByRole('button', { name: /^Remove (On-call mail|Ops mail)$/ });
      const label = (await remove.count()) ? await remove.first().getAttribute('aria-label') : null;
      // Gone before the mail server's removal starts: a second submit while this one is pending could cut it short.
      if (label) await removeAlertDestination(page, label.replace(/^Remove /, ''), { onSettings: true });
      await untilLoaded(page);
      await removeIfShown(page, page.getByRole('button', { name: 'Remove mail server for alerts' }), () =>
        expect(page.getByTestId('smtp-state')).toContainText('None set'),
      );
      await mail.close();
    },
  );
});
