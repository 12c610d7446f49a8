import type { Page } from '@playwright/test';
import { expect, logIn, snap, test } from './fixtures';
import { botToken, openRobot, unique } from './helpers';
import { E2E, urlPattern } from './e2e-env';

async function startHandshake(page: Page) {
  await page.getByRole('button', { name: 'Connect Social DM' }).click();
  await expect(page).toHaveURL(urlPattern(E2E.sandboxUrl));
}

test.describe('social-DM handshake', () => {
  test('approve: consent screen, return page, channel active', async ({ page, control }) => {
    const robot = await openRobot(page, control, { name: unique('Handshake approve') });
    await startHandshake(page);
    await expect(page.getByText(robot.name).first()).toBeVisible();
    await snap(page, 'consent-screen');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(urlPattern(E2E.dashboardUrl, '/channels/return\\?'));
    await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'connected');
    await expect(page.getByRole('heading', { name: 'Social DM connected' })).toBeVisible();
    await snap(page, 'return-connected');
    await page.getByRole('link', { name: 'Back to the robot' }).click();
    const row = page.locator('[data-testid=channel-row][data-channel-type=social_dm]');
    await expect(row.getByTestId('channel-state')).toHaveText('Active');
    await snap(page, 'robot-with-social-dm');
  });

  test('a pending handshake shows a countdown and can be resumed', async ({ page, control }) => {
    const robot = await openRobot(page, control, { name: unique('Handshake resume') });
    await startHandshake(page);
    const consentUrl = page.url();
    await page.goto(`/robots/${robot.id}`);
    await expect(page.getByTestId('pending-handshake')).toContainText('waiting for the page owner');
    await expect(page.getByTestId('handshake-countdown')).toHaveText(/^1[45]:\d\d$/);
    await snap(page, 'robot-pending-handshake');
    await page.getByRole('link', { name: 'Resume on the social platform' }).click();
    await expect(page).toHaveURL(consentUrl);
  });

  test('deny: the return page says so and nothing is connected', async ({ page, control }) => {
    const robot = await openRobot(page, control, { name: unique('Handshake deny') });
    await startHandshake(page);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'denied');
    await snap(page, 'return-denied');
    await page.goto(`/robots/${robot.id}`);
    await expect(page.locator('[data-testid=channel-row][data-channel-type=social_dm]')).toHaveCount(0);
  });

  test('expired: the consent screen refuses, the return page says expired, and connect restarts', async ({ page, control }) => {
    const robot = await openRobot(page, control, { name: unique('Handshake expiry') });
    await startHandshake(page);
    await control.advanceClock(16 * 60);
    await page.reload();
    await expect(page.getByText(/start again/i).first()).toBeVisible();
    await snap(page, 'consent-expired');
    await page.getByRole('link').first().click();
    await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'expired');
    await snap(page, 'return-expired');

    await page.goto(`/robots/${robot.id}`);
    await page.getByRole('button', { name: 'Connect Social DM' }).click();
    await expect(page.getByTestId('api-error')).toContainText('The previous handshake expired');
    await page.getByRole('button', { name: 'Start again' }).click();
    await expect(page).toHaveURL(urlPattern(E2E.sandboxUrl));
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  });

  test('no free slot: approved but inactive, with the way to enable it', async ({ page, control }) => {
    const robot = await openRobot(page, control, { name: unique('Handshake full') });
    const { active_channels } = await control.account();
    await control.withAccount({ capacity: active_channels }, async () => {
      await startHandshake(page);
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'inactive');
      await expect(page.getByText('Enable it on the robot')).toBeVisible();
      await snap(page, 'return-inactive');
    });
    await page.getByRole('link', { name: 'Back to the robot' }).click();
    const row = page.locator('[data-testid=channel-row][data-channel-type=social_dm]');
    await expect(row.getByTestId('channel-state')).toHaveText('Inactive');
    await expect(page).toHaveURL(new RegExp(`/robots/${robot.id}$`));
  });

  test('the return page without a session makes no API call, however often it is opened, and checks once signed in', async ({
    page,
    control,
    browser,
  }) => {
    // A hundred page views on a small machine, on top of the handshake and two sign-ins.
    test.setTimeout(150_000);
    const robot = await openRobot(page, control, { name: unique('Anonymous return') });
    await startHandshake(page);
    // Signed out in another tab while the page owner approves: the return page opens without a session.
    const other = await page.context().newPage();
    await other.goto('/robots');
    await other.getByRole('button', { name: 'Sign out' }).click();
    // Closed only once the sign-out has landed, or the approval could still find a session.
    await expect(other).toHaveURL(/\/login/);
    await other.close();
    // A viewer elsewhere reads the dashboard's own call log, which costs no call itself.
    const staff = await browser.newPage({ baseURL: E2E.dashboardUrl });
    await logIn(staff, 'viewer');
    const callsSoFar = async () => {
      const { calls } = (await (await staff.request.get('/api/status')).json()) as { calls: { lastHour: Record<string, number> } };
      return { page: calls.lastHour.page, change: calls.lastHour.change };
    };
    const before = await callsSoFar();

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'unchecked');
    await expect(page.getByTestId('return-outcome')).toContainText('The link says “connected”');
    await expect(page.getByText(robot.name)).toHaveCount(0);
    // Anyone holding the link, as often as they like: no view spends the dashboard's share of the budget.
    const link = page.url();
    for (let batch = 0; batch < 10; batch++) {
      const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await fetch(link)).status));
      expect(statuses).toEqual(Array(10).fill(200));
    }
    expect(await callsSoFar()).toEqual(before);
    await staff.close();

    await page.getByRole('link', { name: 'sign in' }).click();
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('demo-admin-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/channels\/return\?robot_id=/);
    await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'connected');
    await expect(page.getByRole('link', { name: 'Back to the robot' })).toBeVisible();
  });

  test('the return page makes no call for a channel it started no handshake for, and says it cannot confirm', async ({ page, control }) => {
    const robot = await control.createRobot({
      name: unique('Foreign return'),
      channels: [{ type: 'social_dm', is_active: false, username: 'anon.page' }],
    });
    const channelId = robot.channels?.[0]?.id ?? '';
    await page.goto(`/channels/return?robot_id=${robot.id}&channel_id=${channelId}&status=connected`);
    await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'unconfirmed');
    await expect(page.getByText(robot.name)).toHaveCount(0);
  });

  test('a missing social-DM role has its own message', async ({ page, control }) => {
    await openRobot(page, control, { name: unique('No role') });
    await control.withAccount({ roles: ['robot_creation'] }, async () => {
      await page.getByRole('button', { name: 'Connect Social DM' }).click();
      await expect(page.getByTestId('api-error')).toContainText('This account has no social-DM access');
      await expect(page.getByTestId('api-error')).toContainText('Ask your service contact');
      await snap(page, 'social-dm-role-missing');
    });
  });
});

test.describe('token connect', () => {
  test('a malformed token is refused before sending', async ({ page, control }) => {
    await openRobot(page, control, { name: unique('Token shape') });
    await page.getByLabel('Bot token').fill('not-a-token');
    await page.getByRole('button', { name: 'Connect bot' }).click();
    await expect(page.getByText('That does not look like a bot token')).toBeVisible();
    await expect(page.getByLabel('Bot token')).toHaveValue('not-a-token');
  });

  test('a refused token, a bot on another robot, and success', async ({ page, control }) => {
    const digits = String(Date.now()).slice(-10);
    const first = await openRobot(page, control, { name: unique('Token first') });
    await page.getByLabel('Bot token').fill(botToken(digits, `revoked${'x'.repeat(30)}`));
    await page.getByRole('button', { name: 'Connect bot' }).click();
    await expect(page.getByTestId('api-error')).toContainText('The bot platform refused this token');

    await page.getByLabel('Bot token').fill(botToken(digits));
    await page.getByRole('button', { name: 'Connect bot' }).click();
    const row = page.locator('[data-testid=channel-row][data-channel-type=messenger_bot]');
    await expect(row.getByTestId('channel-state')).toHaveText('Active');
    await expect(row).not.toContainText('unknown');
    await snap(page, 'robot-bot-connected');

    const second = await control.createRobot({ name: unique('Token second') });
    await page.goto(`/robots/${second.id}`);
    await page.getByLabel('Bot token').fill(botToken(digits));
    await page.getByRole('button', { name: 'Connect bot' }).click();
    await expect(page.getByTestId('api-error')).toContainText('already connected to another robot');
    await snap(page, 'token-bot-elsewhere');
    expect(first.id).not.toBe(second.id);
  });

  test('no capacity: the message gives the numbers and the meter learns the capacity', async ({ page, control }) => {
    await openRobot(page, control, { name: unique('Token full') });
    const { active_channels } = await control.account();
    await control.withAccount({ capacity: active_channels }, async () => {
      await page.getByLabel('Bot token').fill(botToken(String(Date.now()).slice(-9)));
      await page.getByRole('button', { name: 'Connect bot' }).click();
      const error = page.getByTestId('api-error');
      await expect(error).toContainText(`${active_channels} of ${active_channels} channel slots are in use`);
      await expect(page.getByTestId('capacity-text')).toHaveText(`${active_channels} of ${active_channels} channel slots are in use.`);
      await page.reload();
      await expect(page.getByTestId('capacity-text')).toHaveText(`${active_channels} of ${active_channels} channel slots are in use.`);
      await snap(page, 'capacity-full');
    });
  });
});

test.describe('enable and disable', () => {
  test('disable then enable a channel', async ({ page, control }) => {
    await openRobot(page, control, { name: unique('Toggle'), channels: [{ type: 'widget', is_active: true }] });
    const toggle = page.getByRole('switch', { name: 'Website widget receives traffic' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('channel-state')).toHaveText('Inactive');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('channel-state')).toHaveText('Active');
  });

  test('enabling at capacity shows the numbers and keeps the switch off', async ({ page, control }) => {
    await openRobot(page, control, { name: unique('Toggle full'), channels: [{ type: 'widget', is_active: false }] });
    const { active_channels } = await control.account();
    await control.withAccount({ capacity: active_channels }, async () => {
      const toggle = page.getByRole('switch', { name: 'Website widget receives traffic' });
      await toggle.click();
      await expect(page.getByTestId('api-error')).toContainText(`${active_channels} of ${active_channels} channel slots are in use`);
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await snap(page, 'toggle-capacity');
    });
  });

  test('enabling on a lapsed plan says the plan lapsed', async ({ page, control }) => {
    await openRobot(page, control, { name: unique('Toggle lapsed'), channels: [{ type: 'widget', is_active: false }] });
    await control.withAccount({ lapsed: true }, async () => {
      const toggle = page.getByRole('switch', { name: 'Website widget receives traffic' });
      await toggle.click();
      await expect(page.getByTestId('api-error')).toContainText('Your plan has lapsed');
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
    });
  });

  test('a viewer sees the switches but cannot use them', async ({ page, control }) => {
    const robot = await control.createRobot({ name: unique('Viewer toggle'), channels: [{ type: 'widget', is_active: true }] });
    await logIn(page, 'viewer');
    await page.goto(`/robots/${robot.id}`);
    await expect(page.getByRole('switch', { name: 'Website widget receives traffic' })).toBeDisabled();
    await expect(page.getByText('Only an admin can connect channels.').first()).toBeVisible();
  });
});
