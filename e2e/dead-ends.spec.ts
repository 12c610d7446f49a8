import { expect, logIn, snap, test } from './fixtures';
import { botToken, openRobot, unique } from './helpers';
import { E2E, urlPattern } from './e2e-env';

test('a bot on another of our robots: the error names and links that robot and says what can be done', async ({ page, control }) => {
  const digits = String(Date.now()).slice(-10);
  const first = await openRobot(page, control, { name: unique('Bot holder') });
  await page.getByLabel('Bot token').fill(botToken(digits, 'B'.repeat(35)));
  await page.getByRole('button', { name: 'Connect bot' }).click();
  await expect(page.locator('[data-testid=channel-row][data-channel-type=messenger_bot]')).toBeVisible();

  const second = await control.createRobot({ name: unique('Bot wanted') });
  await page.goto(`/robots/${second.id}`);
  await page.getByLabel('Bot token').fill(botToken(digits, 'B'.repeat(35)));
  await page.getByRole('button', { name: 'Connect bot' }).click();
  const error = page.getByTestId('api-error');
  await expect(error).toContainText(`already connected to another robot: “${first.name}”`);
  await expect(error).toContainText('delete that robot');
  await expect(error).toContainText('disconnect the bot in the service’s panel');
  await expect(error).not.toContainText('Disconnect it from the other robot first');
  await snap(page, 'bot-elsewhere-named');
  await error.getByRole('link', { name: `Open “${first.name}”` }).click();
  await expect(page).toHaveURL(new RegExp(`/robots/${first.id}$`));
});

test('typing: the indicator is said to lapse, and a closed conversation says it is closed', async ({ page, control }) => {
  const robot = await control.createRobot({ name: unique('Typing'), channels: [{ type: 'widget', is_active: true }] });
  const created = await control.client.createConversation(robot.id, {
    channel_type: 'widget',
    messages: [{ role: 'client', text: 'Hello?' }],
  });
  const conversationId = created.ok ? created.body.conversation_id : '';
  await logIn(page, 'admin');
  await page.goto(`/conversations?conversation=${conversationId}`);
  await expect(page.getByTestId('conversation-status')).toHaveText('Open');
  await page.getByLabel('Reply draft').fill('One moment');
  await expect(page.getByTestId('typing-state')).toHaveText('The customer sees “typing…”.');
  await expect(page.getByTestId('typing-state')).toContainText('has lapsed', { timeout: 8_000 });

  expect((await control.client.closeConversation(conversationId)).ok).toBe(true);
  await expect(page.getByTestId('conversation-status')).toHaveText('Closed', { timeout: 15_000 });
  await expect(page.getByTestId('typing-state')).toHaveText('No indicator: the conversation is closed.');
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await expect(page.getByText('This conversation is closed, so nothing can be sent')).toBeVisible();
});

test('the thread names who said what, and the robot, with links to the robot and back', async ({ page, control }) => {
  const robot = await control.createRobot({
    name: unique('Thread'),
    external_id: unique('cust'),
    channels: [{ type: 'widget', is_active: true }],
  });
  const created = await control.client.createConversation(robot.id, {
    channel_type: 'widget',
    messages: [
      { role: 'client', text: 'Where is my parcel?' },
      { role: 'ai', text: 'It left the depot this morning.' },
      { role: 'operator', text: 'I will call the courier for you.' },
    ],
  });
  const conversationId = created.ok ? created.body.conversation_id : '';
  await logIn(page, 'admin');
  await page.goto(`/robots/${robot.id}`);
  await page.getByTestId('robot-links').getByRole('link', { name: 'Conversations' }).click();
  // The list's link (the history line above it may name the same conversation as the oldest kept).
  await page.getByTestId('conversation-results').getByRole('link', { name: conversationId }).click();
  const messages = page.getByTestId('thread-message');
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(0).getByTestId('message-author')).toHaveText('Customer');
  await expect(messages.nth(1).getByTestId('message-author')).toHaveText(`AI · ${robot.name}`);
  await expect(messages.nth(2).getByTestId('message-author')).toHaveText('Operator');
  await expect(messages.nth(2)).toContainText('I will call the courier for you.');
  await snap(page, 'conversation-thread');
  await page.getByRole('link', { name: robot.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/robots/${robot.id}$`));
});

test('a handshake from a stale tab offers the open one; our own handshake shows handle and since', async ({ page, control }) => {
  const robot = await openRobot(page, control, { name: unique('Stale tab') });
  const stale = await page.context().newPage();
  await stale.goto(`/robots/${robot.id}`);
  await page.getByRole('button', { name: 'Connect Social DM' }).click();
  await expect(page).toHaveURL(urlPattern(E2E.sandboxUrl));
  const consentUrl = page.url();

  await stale.getByRole('button', { name: 'Connect Social DM' }).click();
  const error = stale.getByTestId('api-error');
  await expect(error).toContainText('A handshake is already open on this robot');
  await expect(error.getByTestId('resume-handshake')).toHaveAttribute('href', consentUrl);
  await stale.reload();
  await expect(stale.getByTestId('pending-handshake')).toBeVisible();
  // Resuming opens the consent screen as it was, and the audit log notes it.
  await stale.getByRole('link', { name: 'Resume on the social platform' }).click();
  await expect(stale).toHaveURL(consentUrl);
  await stale.close();

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('return-outcome')).toHaveAttribute('data-outcome', 'connected');
  const audit = await page.context().newPage();
  await audit.goto('/audit?target=channel');
  const steps = audit.getByTestId('audit-row').filter({ hasText: robot.id });
  await expect(steps.filter({ hasText: 'Social-DM handshake resumed' })).toHaveCount(1);
  await expect(steps.filter({ hasText: 'Social-DM handshake completed' })).toHaveCount(1);
  await audit.close();
  await page.getByRole('link', { name: 'Back to the robot' }).click();
  const row = page.locator('[data-testid=channel-row][data-channel-type=social_dm]');
  await expect(row.getByTestId('channel-state')).toHaveText('Active');
  await expect(row).not.toContainText('unknown');
});

test('a capacity refusal updates the meter at once', async ({ page, control }) => {
  await openRobot(page, control, { name: unique('Meter') });
  const { active_channels } = await control.account();
  await control.withAccount({ capacity: active_channels }, async () => {
    await page.getByLabel('Bot token').fill(botToken(String(Date.now()).slice(-9)));
    await page.getByRole('button', { name: 'Connect bot' }).click();
    await expect(page.getByTestId('api-error')).toContainText(`${active_channels} of ${active_channels} channel slots are in use`);
    await expect(page.getByTestId('capacity-text')).toHaveText(`${active_channels} of ${active_channels} channel slots are in use.`);
  });
});

test('usage of a deleted or unknown robot says so and shows the account', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/usage?robot=rb_doesnotexist');
  await expect(page.getByTestId('usage-notice')).toContainText('The robot rb_doesnotexist is not on this account any more');
  await expect(page.getByTestId('usage-totals')).toBeVisible();
  await expect(page.getByTestId('usage-row').first()).toBeVisible();
});

test('smaller things: date message, delete confirmation, readable payloads, favicon, empty key', async ({ page, control }) => {
  await logIn(page, 'admin');
  await page.goto('/usage?from=garbage&to=2026-11-01');
  await expect(page.getByTestId('usage-notice')).toContainText('“garbage” is not a date');
  await expect(page.getByTestId('usage-notice')).not.toContainText('Pick both');

  const doomed = await control.createRobot({ name: unique('Doomed') });
  await page.goto('/robots');
  await page.getByRole('button', { name: `Delete ${doomed.name}` }).click();
  await page.getByRole('button', { name: 'Delete robot' }).click();
  await expect(page.getByTestId('deleted-notice')).toHaveText(
    `Robot “${doomed.name}” was deleted. Its channels were disconnected and their slots freed.`,
  );

  const robot = await control.createRobot({ name: unique('Payload'), channels: [{ type: 'widget', is_active: true }] });
  await control.client.createConversation(robot.id, { channel_type: 'widget', messages: [{ role: 'client', text: 'Payload please' }] });
  await page.goto(`/webhooks/events?robot=${robot.id}`);
  const row = page.getByTestId('event-row').first();
  await expect(row).toContainText(robot.name);
  await row.getByText('Show').click();
  await expect(row.getByTestId('event-payload')).toContainText('\n  "type": ');

  const favicon = await page.request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Check and save key' }).click();
  await expect(page.getByText('Paste the partner API key')).toBeVisible();
  await expect(page.getByText('must start with pk_live_')).toHaveCount(0);
});

test('chart labels keep similar robot names apart; the tooltip and the table have them whole', async ({ page, control }) => {
  const tag = Date.now().toString(36);
  const names = [`Northwind Customer Care ${tag} EU`, `Northwind Customer Care ${tag} US`];
  const ids: string[] = [];
  for (const name of names) {
    const robot = await control.createRobot({ name, channels: [{ type: 'widget', is_active: true }] });
    // An hour ago by the wall clock: earlier tests may have moved the sandbox clock ahead of the window's end.
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await control.client.createConversation(robot.id, { channel_type: 'widget', messages: [{ role: 'client', text: 'Hi', at }] });
    ids.push(robot.id);
  }
  await logIn(page, 'admin');
  const labels: string[] = [];
  for (const id of ids) {
    await page.goto(`/usage?range=7d&robot=${id}`);
    const ticks = page.getByTestId('usage-charts').getByTestId('chart-axis-label');
    await expect(ticks.first()).toBeVisible();
    labels.push((await ticks.first().textContent()) ?? '');
  }
  // Shortened in the middle: the differing ends survive, so the two robots stay apart.
  expect(labels[0]).toMatch(/^Northwind.*….* EU$/);
  expect(labels[1]).toMatch(/^Northwind.*….* US$/);
  await page.getByTestId('usage-charts').getByTestId('chart-bar').first().hover();
  await expect(page.getByTestId('chart-tooltip-label').first()).toBeVisible();
  await expect(page.getByTestId('chart-tooltip-label').first()).toHaveText(names[1] ?? '');
  await page.goto('/usage?range=7d');
  for (const name of names) await expect(page.getByTestId('usage-table').getByText(name, { exact: true })).toBeVisible();
});
