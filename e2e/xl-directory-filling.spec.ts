import { expect, logIn, test } from './fixtures';

// Leaves the demo account with thousands more robots, so it runs last (after the 2,000-robot spec)
// and reads the account's size at its start rather than assuming one.
const ROBOTS = 3_000;

test.describe.configure({ timeout: 420_000 });

test('a robot the directory has not read yet is "not in the directory yet" with progress, never "not found", and shows once read', async ({
  page,
  control,
}) => {
  const tag = Date.now().toString(36);
  await logIn(page, 'admin');
  // The directory of the account as it starts, read whole, so complete: specs before this one may
  // have left a sweep under way, so wait until it is whole again.
  await expect(async () => {
    await page.goto('/robots');
    await expect(page.getByTestId('robot-count')).toContainText('on this account', { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  const before = Number(
    ((await page.getByTestId('robot-count').textContent()) ?? '').match(/([\d,]+) robots? on this account/)?.[1]?.replace(/,/g, ''),
  );
  expect(before, 'the account size before seeding').toBeGreaterThan(0);
  const total = (before + ROBOTS).toLocaleString('en-US');

  // While seeding, the dashboard's own looks at the list fail, so no read of it starts before the
  // spec opens the robot: the directory stays complete for the account as it was, and stale after.
  await control.fault({ path_prefix: '/v1/robots', status: 503, times: 10_000 });
  const seeded: { id: string; name: string }[] = [];
  for (let start = 0; start < ROBOTS; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, ROBOTS - start) }, (_, i) =>
        control.createRobot({ name: `Filling ${tag} ${start + i}`, external_id: `filling-${tag}-${start + i}` }),
      ),
    );
    seeded.push(...batch.map((r) => ({ id: r.id, name: r.name })));
  }
  // The oldest of them sits on the list's last page, the last one a sweep reads.
  const oldest = seeded[0];
  if (!oldest) throw new Error('nothing was seeded');
  expect((await control.call('DELETE', '/faults')).status).toBe(204);

  // A small account limit makes the dashboard's background share 20 calls a minute, so reading
  // 3,000 more robots (30 pages and more) takes over a minute: long enough to see the directory filling.
  // The deliveries watch shares that background budget (a few calls a minute), so the fill may take longer.
  await control.withAccount({ rate_limit_per_minute: 40 }, async () => {
    // The spec before this one spends the dashboard's share of the budget on purpose: until the
    // minute turns the page says "not in the directory yet" without progress (it may not look).
    const notYet = page.getByTestId('robot-not-yet');
    await expect(async () => {
      const first = await page.goto(`/robots/${oldest.id}`);
      expect(first?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Robot not found' })).toHaveCount(0);
      await expect(page.getByText("This robot is not in the dashboard's robot directory yet")).toBeVisible({ timeout: 2_000 });
      await expect(notYet).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await expect(notYet).toContainText("This robot is not in the dashboard's robot directory yet");
    await expect(page.getByTestId('directory-progress')).toContainText(new RegExp(`[\\d,]+ of ${total} robots read`));
    // For review by eye; no wait for the network, which this page keeps busy while it refreshes.
    await page.screenshot({ path: 'test-results/screens/robot-not-in-directory-yet.png', fullPage: true });

    // The list's count is what was read against the API's total, not the account's size.
    const list = await page.context().newPage();
    await list.goto('/robots');
    await expect(list.getByTestId('robot-count')).toContainText(`of ${total} robots read so far`);
    await expect(list.getByTestId('robot-count')).not.toContainText('on this account');
    await list.screenshot({ path: 'test-results/screens/robots-while-directory-fills.png' });
    await list.close();

    // The page looks again by itself; once the directory has read the robot, it is shown.
    await expect(page.getByRole('heading', { name: oldest.name, exact: true })).toBeVisible({ timeout: 300_000 });
    await expect(page.getByTestId('robot-not-yet')).toHaveCount(0);
  });

  // Complete now: the list counts the account, and an id it lacks is a real 404.
  await page.goto('/robots');
  await expect(page.getByTestId('robot-count')).toContainText(`${total} robots on this account`);
  const missing = await page.goto(`/robots/rb_nosuchrobot${tag}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Robot not found' })).toBeVisible();
});
