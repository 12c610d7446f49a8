import { expect, logIn, snap, test } from './fixtures';
import { callServerAction, serverAction } from './server-action-calls';
import { E2E } from './e2e-env';

test('an admin sees the demo robots, newest first, and pages through them', async ({ page, control }) => {
  const newest = await control.createRobot({ name: `Newest robot ${Date.now()}`, channels: [{ type: 'widget', is_active: false }] });
  await logIn(page, 'admin');
  await page.goto('/robots');
  const rows = page.getByTestId('robot-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByTestId('robot-name')).toHaveText(newest.name);
  await expect(rows.first().getByTestId('channel-badge')).toContainText('inactive');
  await snap(page, 'robots-page-1');

  // The oldest demo robot is on the last page; walk there with the page links.
  const nav = page.getByRole('navigation', { name: 'Robot pages' });
  for (let expected = 2; expected <= 20; expected++) {
    await nav.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/robots\\?page=${expected}$`));
    await expect(nav.getByText(String(expected), { exact: true })).toHaveAttribute('aria-current', 'page');
    if (await page.getByRole('heading', { name: 'Acme Support' }).isVisible()) break;
  }
  await expect(page.getByRole('heading', { name: 'Acme Support' })).toBeVisible();
  await expect(page.getByRole('heading', { name: newest.name })).toHaveCount(0);
  await expect(nav.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await snap(page, 'robots-last-page');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acme Support' })).toBeVisible();
});

test('a bad page number falls back to page 1 and says so', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/robots?page=abc');
  await expect(page.getByText('“abc” is not a page number')).toBeVisible();
  await expect(page.getByTestId('robot-row')).toHaveCount(10);
});

test('an admin deletes a robot only after confirming', async ({ page, control }) => {
  const robot = await control.createRobot({ name: `Delete me ${Date.now()}`, channels: [{ type: 'widget', is_active: true }] });
  await logIn(page, 'admin');
  await page.goto('/robots');
  const row = page.getByTestId('robot-row').filter({ hasText: robot.name });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${robot.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete robot “${robot.name}”?` });
  await expect(dialog).toBeVisible();
  await snap(page, 'robots-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${robot.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete robot' }).click();
  await expect(page.getByTestId('robot-row').filter({ hasText: robot.name })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/robots\\?deleted=${robot.id}$`));
  await expect(page.getByTestId('deleted-notice')).toHaveText(
    `Robot “${robot.name}” was deleted. Its channels were disconnected and their slots freed.`,
  );
  await page.reload();
  await expect(page.getByTestId('robot-row').filter({ hasText: robot.name })).toHaveCount(0);
});

test('a viewer sees robots but cannot delete them', async ({ page, control }) => {
  const robot = await control.createRobot({ name: `Viewer sees ${Date.now()}` });
  await logIn(page, 'viewer');
  await page.goto('/robots');
  const row = page.getByTestId('robot-row').filter({ hasText: robot.name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(page.getByText('only an admin can delete robots')).toBeVisible();
  await snap(page, 'robots-viewer');
});

test('an API failure is shown with its request id', async ({ page, control }) => {
  await logIn(page, 'admin');
  // Three failures outlast the client's two retries; a directory sweep that an earlier spec's new
  // robot started may take some of them first (it stops at its first failed call), so there are more,
  // and none is left for the next spec.
  await control.fault({ path_prefix: '/v1/robots', method: 'GET', status: 500, times: 12 });
  try {
    await page.goto('/robots');
    const notice = page.getByTestId('api-error');
    await expect(notice).toContainText('The Partner API had a problem');
    await expect(notice.getByTestId('request-id')).toHaveText(/^req_[A-Za-z0-9]{24}$/);
    await snap(page, 'robots-api-error');
  } finally {
    expect((await control.call('DELETE', '/faults')).status).toBe(204);
  }
});

test('the deleted-robot notice never repeats text from the URL', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto(`/robots?deleted=${encodeURIComponent('<script>Your account is compromised</script>')}`);
  await expect(page.getByTestId('robot-row').first()).toBeVisible();
  await expect(page.getByText('Your account is compromised')).toHaveCount(0);
  await expect(page.getByTestId('deleted-notice')).toHaveCount(0);
});

test('a deletion is logged and announced under the robot’s own name, whatever name the request carried', async ({
  page,
  control,
  browser,
}) => {
  const robot = await control.createRobot({ name: `Named by us ${Date.now()}` });
  await logIn(page, 'admin');
  await page.goto('/robots');
  await expect(page.getByTestId('robot-row').filter({ hasText: robot.name })).toBeVisible();
  // The delete action called as a hand-made request would call it, with a name of its own choosing.
  const forged = 'Your account is compromised';
  const { status } = await callServerAction(page.request, serverAction('deleteRobotAction'), robot.id, {
    robotId: robot.id,
    robotName: forged,
  });
  expect(status).toBeLessThan(400);

  await page.goto(`/audit?action=robot.delete&target=${encodeURIComponent(`robot:${robot.id}`)}`);
  const entry = page.getByTestId('audit-row');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(robot.name);
  await expect(entry).not.toContainText(forged);

  await page.goto(`/robots?deleted=${robot.id}`);
  await expect(page.getByTestId('deleted-notice')).toContainText(`Robot “${robot.name}” was deleted`);
  await expect(page.getByText(forged)).toHaveCount(0);

  // The notice is for the person who deleted it: a viewer following the same link is told nothing.
  const viewer = await browser.newPage({ baseURL: E2E.dashboardUrl });
  await logIn(viewer, 'viewer');
  await viewer.goto(`/robots?deleted=${robot.id}`);
  await expect(viewer.getByTestId('robot-row').first()).toBeVisible();
  await expect(viewer.getByTestId('deleted-notice')).toHaveCount(0);
  await viewer.close();
});
