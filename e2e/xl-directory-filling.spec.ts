import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createControlClient, unwrap } from '../sandbox/control-client/client';
import { expect, logIn, test } from './fixtures';
import { launchOwnDashboard, stopOwnDashboard, type OwnDashboard } from './own-dashboard';

// A dashboard whose store is new meets an account that already holds 3,000 robots: until its
// directory has read them all, a robot it has not reached is "not in the directory yet" with
// progress, never "not found", and the count says what is read against the API's total. On a
// dashboard and sandbox of its own, so no other spec's account grows by thousands of robots.
const ROBOTS = 3_000;
const ADMIN_TOKEN = 'directory-filling-admin-token-0123456789';

test.describe.configure({ timeout: 600_000 });

test('a robot the directory has not read yet is "not in the directory yet" with progress, never "not found", and shows once read', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'directory-filling-'));
  const env = {
    SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN,
    // All of the account's calls are the dashboard's, and the account allows 40 a minute: the
    // background share is then 20 a minute, so reading 30 pages and more takes over a minute.
    DASHBOARD_CALL_SHARE_PERCENT: '100',
  };
  let own: OwnDashboard | undefined;
  try {
    // First the account: the sandbox (with a dashboard that reads nothing) gets 3,000 robots.
    own = await launchOwnDashboard(dataDir, env);
    const control = createControlClient(fetch, own.sandboxUrl, ADMIN_TOKEN);
    const { account_id: accountId } = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-account.json'), 'utf8')) as {
      account_id: string;
    };
    const seeded: { id: string; name: string }[] = [];
    for (let start = 0; start < ROBOTS; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, ROBOTS - start) }, async (_, i) =>
          unwrap(
            await control.createRobot(accountId, { name: `Filling ${tag} ${start + i}`, external_id: `filling-${tag}-${start + i}` }),
            'robot created',
          ),
        ),
      );
      seeded.push(...batch.map((r) => ({ id: r.id, name: r.name })));
    }
    const total = unwrap(await control.listRobots(accountId), 'robots listed').data.length.toLocaleString('en-US');
    unwrap(await control.patchAccount(accountId, { rate_limit_per_minute: 40 }), 'rate limit set');
    // The oldest of them sits on the list's last page, the last one a sweep reads.
    const oldest = seeded[0];
    if (!oldest) throw new Error('nothing was seeded');
    await stopOwnDashboard(own);

    // Then a dashboard with a new, empty store on the same sandbox, reading its directory.
    for (const name of ['dashboard-db', 'dashboard-db.lock']) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    own = await launchOwnDashboard(dataDir, { ...env, ROBOT_DIRECTORY_SYNC: 'on' });
    const context = await browser.newContext({ baseURL: own.url });
    const page = await context.newPage();
    await logIn(page, 'admin');

    const first = await page.goto(`/robots/${oldest.id}`);
    expect(first?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Robot not found' })).toHaveCount(0);
    const notYet = page.getByTestId('robot-not-yet');
    await expect(notYet).toContainText("This robot is not in the dashboard's robot directory yet");
    await expect(page.getByTestId('directory-progress')).toContainText(new RegExp(`[\\d,]+ of ${total} robots read`), { timeout: 30_000 });
    // For review by eye; no wait for the network, which this page keeps busy while it refreshes.
    await page.screenshot({ path: 'test-results/screens/robot-not-in-directory-yet.png', fullPage: true });

    // The list's count is what was read against the API's total, not the account's size.
    const list = await context.newPage();
    await list.goto('/robots');
    await expect(list.getByTestId('robot-count')).toContainText(`of ${total} robots read so far`);
    await expect(list.getByTestId('robot-count')).not.toContainText('on this account');
    await list.screenshot({ path: 'test-results/screens/robots-while-directory-fills.png' });
    await list.close();

    // The page looks again by itself; once the directory has read the robot, it is shown.
    await expect(page.getByRole('heading', { name: oldest.name, exact: true })).toBeVisible({ timeout: 300_000 });
    await expect(notYet).toHaveCount(0);

    // Complete now: the list counts the account, and an id it lacks is a real 404.
    await page.goto('/robots');
    await expect(page.getByTestId('robot-count')).toContainText(`${total} robots on this account`);
    const missing = await page.goto(`/robots/rb_nosuchrobot${tag}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Robot not found' })).toBeVisible();
    await expect(page).toHaveTitle(/not found/i);
    await context.close();
  } finally {
    if (own) await stopOwnDashboard(own);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
