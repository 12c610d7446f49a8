import { expect, logIn, test } from './fixtures';
import { botToken, unique } from './helpers';

// Runs last (files run in name order): it leaves the demo account with thousands of robots.
const ROBOTS = 2_000;

test.describe.configure({ timeout: 240_000 });

test('among 2,000 robots one is found by customer id; a delete and a connect show at once; a spent budget says so', async ({
  page,
  control,
}) => {
  const tag = Date.now().toString(36);
  const seeded: { id: string; name: string }[] = [];
  for (let start = 0; start < ROBOTS; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, ROBOTS - start) }, (_, i) =>
        control.createRobot({ name: `Fleet ${tag} ${start + i}`, external_id: `fleet-${tag}-${start + i}` }),
      ),
    );
    seeded.push(...batch.map((r) => ({ id: r.id, name: r.name })));
  }
  await logIn(page, 'admin');
  await page.goto('/robots');
  // The first full read of a large list runs in the background; "Refresh now" waits for it.
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByTestId('directory-freshness')).toContainText('fully read');

  // An early robot, far from the newest page: only the directory's full read knows it.
  const wanted = seeded[7];
  await page.getByLabel('Name, customer id or robot id').fill(`fleet-${tag}-7`);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`q=fleet-${tag}-7`));
  // Every "fleet-…-7x" contains it too; the exact customer id comes first.
  await expect(page.getByTestId('robot-name').first()).toHaveText(wanted?.name ?? '');

  // A delete is gone from the directory at once.
  await page.getByRole('button', { name: `Delete ${wanted?.name}`, exact: true }).click();
  await page.getByRole('button', { name: 'Delete robot' }).click();
  await expect(page.getByTestId('deleted-notice')).toBeVisible();
  await page.goto(`/robots?q=fleet-${tag}-7`);
  await expect(page.getByTestId('robot-name').first()).not.toHaveText(wanted?.name ?? '');
  await expect(page.getByText(wanted?.name ?? '', { exact: true })).toHaveCount(0);

  // A connect shows in the list's filters at once (room made, whatever earlier specs left connected).
  await control.makeRoom(1);
  const target = seeded[1500];
  await page.goto(`/robots/${target?.id}`);
  await page.getByLabel('Bot token').fill(botToken(String(Date.now()).slice(-10)));
  await page.getByRole('button', { name: 'Connect bot' }).click();
  await expect(page.locator('[data-testid=channel-row][data-channel-type=messenger_bot]')).toBeVisible();
  await page.goto(`/robots?q=${encodeURIComponent(target?.name ?? '')}&type=messenger_bot&state=active`);
  await expect(page.getByTestId('robot-row')).toHaveCount(1);

  // With a tiny account limit the dashboard's share is spent: pages serve the directory and say so.
  await control.withAccount({ rate_limit_per_minute: 10 }, async () => {
    let notice = false;
    for (let i = 0; i < 6 && !notice; i++) {
      await page.goto(`/robots?q=${unique('x')}`);
      notice = (await page.getByTestId('budget-notice').count()) > 0;
    }
    expect(notice, 'the robots list says the budget is spent').toBe(true);
    await expect(page.getByTestId('budget-notice')).toContainText('spent');
    await page.goto('/settings');
    await expect(page.getByTestId('call-budget')).toContainText('10 calls a minute');
  });
});
