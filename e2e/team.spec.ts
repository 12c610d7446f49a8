import { createAdminOnCommandLine } from './admin-command';
import { expect, logIn, snap, test } from './fixtures';
import { unique } from './helpers';
import { callServerAction, serverAction } from './server-action-calls';

const REQUEST_ID = /^req_[0-9A-Za-z]+$/;

test('an admin invites a viewer who joins, is refused a change, is promoted, acts, and every step is in the audit log', async ({
  page,
  browser,
  control,
}) => {
  const tag = unique('pat').replace(/\W/g, '').toLowerCase();
  const email = `${tag}@example.com`;
  const password = `pw-${tag}-long-enough`;
  const robot = await control.createRobot({ name: unique('Team robot'), channels: [{ type: 'widget', is_active: true }] });

  // The admin invites; the link is shown once.
  await logIn(page, 'admin');
  await page.goto('/team');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: 'Make invitation link' }).click();
  const link = await page.getByLabel('One-time link').inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
  await snap(page, 'team-invited');

  // The invited person joins in a browser of their own and signs in.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { name: 'Join the Partner Dashboard' })).toBeVisible();
  await expect(them.getByText(`You were invited as viewer with ${email}`)).toBeVisible();
  await them.getByLabel('Your name').fill('Pat Example');
  await them.getByLabel('Password (at least 12 characters)').fill(password);
  await them.getByLabel('The same password again').fill(password);
  await them.getByRole('button', { name: 'Join the dashboard' }).click();
  await expect(them.getByTestId('welcome')).toBeVisible();
  await them.getByLabel('Email').fill(email);
  await them.getByLabel('Password').fill(password);
  await them.getByRole('button', { name: 'Sign in' }).click();
  await expect(them.getByTestId('current-role')).toHaveText('viewer');
  // The link worked once.
  await them.goto(link);
  await expect(them.getByTestId('link-unusable')).toBeVisible();

  // As a viewer they cannot change anything: the switch is disabled, and the action itself refuses.
  await them.goto(`/robots/${robot.id}`);
  await expect(them.getByRole('switch', { name: 'Website widget receives traffic' })).toBeDisabled();
  const channelId = robot.channels[0]?.id ?? '';
  const refused = await callServerAction(them.request, serverAction('toggleChannelAction'), robot.id, {
    robotId: robot.id,
    channelId,
    isActive: 'false',
  });
  expect(refused.text).toContain('Your role (viewer) can view but not change anything');
  await them.goto('/team');
  await expect(them.getByText('Only admins see the team')).toBeVisible();

  // Promoted, they act at their next click.
  await page.goto('/team');
  const row = page.getByTestId('team-person').filter({ hasText: email });
  await row.getByLabel('Role of Pat Example').selectOption('admin');
  await row.getByRole('button', { name: 'Save role' }).click();
  await expect(row.getByText(`${email} is now an admin.`)).toBeVisible();
  await them.goto(`/robots/${robot.id}`);
  await expect(them.getByTestId('current-role')).toHaveText('admin');
  const toggle = them.getByRole('switch', { name: 'Website widget receives traffic' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  // Every step in the audit log, with the API's request id for the change.
  await page.goto(`/audit?person=${encodeURIComponent(email)}`);
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'Invitation accepted' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Sign-in' }).filter({ hasText: 'ok' })).toHaveCount(1);
  const refusedRow = rows.filter({ hasText: 'Channel disabled' }).filter({ hasText: 'refused' });
  await expect(refusedRow).toContainText('forbidden');
  // The refusal names what was tried.
  await expect(refusedRow).toContainText(`channel:${channelId}`);
  const done = rows
    .filter({ hasText: 'Channel disabled' })
    .filter({ has: page.getByTestId('audit-outcome').getByText('ok', { exact: true }) });
  await expect(done).toHaveCount(1);
  await expect(done.getByTestId('audit-request-id')).toHaveText(REQUEST_ID);
  await expect(done).toContainText(`channel:${channelId}`);
  await snap(page, 'audit-log-person');
  await page.goto(`/audit?target=${encodeURIComponent(email)}`);
  await expect(rows.filter({ hasText: 'Person invited' })).toContainText('admin@example.com');
  await expect(rows.filter({ hasText: 'Role changed' })).toContainText('viewer → admin');
  const csv = await page.request.get(`/audit/export?person=${encodeURIComponent(email)}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('Channel disabled');

  // Disabled, their session ends at once.
  await page.goto('/team');
  await row.getByRole('button', { name: 'Disable Pat Example' }).click();
  await page.getByRole('dialog', { name: 'Disable Pat Example?' }).getByRole('button', { name: 'Disable Pat Example' }).click();
  await expect(row.getByTestId('person-status')).toHaveText('disabled');
  await them.goto('/robots');
  await expect(them).toHaveURL(/\/login/);
  await theirs.close();
});

test('the last active admin cannot be disabled or demoted', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/team');
  const me = page.getByTestId('team-person').filter({ hasText: 'admin@example.com' });
  await me.getByRole('button', { name: /^Disable / }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Disable / })
    .click();
  await expect(me.getByTestId('api-error')).toContainText('This is the last active admin');
  await expect(me.getByTestId('person-status')).toHaveText('active');
  await me.getByLabel(/^Role of /).selectOption('viewer');
  await me.getByRole('button', { name: 'Save role' }).click();
  await expect(me.getByTestId('api-error').first()).toContainText('This is the last active admin');
  await page.reload();
  await expect(page.getByTestId('current-role')).toHaveText('admin');
  await snap(page, 'team-last-admin');
});

test('an admin created on the command line while the dashboard runs can sign in', async ({ page }) => {
  const email = `ops-${Date.now().toString(36)}@example.com`;
  const { password } = createAdminOnCommandLine(email, 'Ops Person');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-role')).toHaveText('admin');
});
