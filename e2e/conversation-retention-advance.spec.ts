import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createControlClient, unwrap } from '../sandbox/control-client/client';
import { retentionHorizon } from '../sandbox/domain/retention';
import { startPgCluster, type PgCluster } from '../scripts/pg-cluster';
import { expect, logIn, test } from './fixtures';
import { launchOwnDashboard, stopOwnDashboard, type OwnDashboard } from './own-dashboard';

// The service's clock moves past the horizon: the sandbox purges its history, and the dashboard's
// own copy follows on the service's clock, on the embedded store and on PostgreSQL. The advance
// would age every other spec's data, so each run has a dashboard and a sandbox of its own.

test.describe.configure({ timeout: 10 * 60_000 });

const DAY_S = 86_400;
const ADMIN_TOKEN = 'retention-advance-admin-token-0123456789';

for (const store of ['embedded', 'postgresql'] as const) {
  test(`after the service's clock passes the horizon, its history and the dashboard's own copy are gone and the pages say so (${store} store)`, async ({
    browser,
  }) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `retention-advance-${store}-`));
    let cluster: PgCluster | undefined;
    let own: OwnDashboard | undefined;
    try {
      const databaseEnv: Record<string, string> = {};
      if (store === 'postgresql') {
        cluster = await startPgCluster();
        databaseEnv.DATABASE_URL = cluster.createDatabase('retention_advance');
      }
      own = await launchOwnDashboard(dataDir, {
        ...databaseEnv,
        SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN,
        // The watch's calls carry the service's Date header: that is how the dashboard learns the advance.
        DELIVERY_WATCH: 'on',
        DELIVERY_WATCH_EVERY_SECONDS: '15',
      });
      if (store === 'postgresql') expect(own.output()).toContain('Store:     PostgreSQL');
      const control = createControlClient(fetch, own.sandboxUrl, ADMIN_TOKEN);
      const { account_id: accountId } = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-account.json'), 'utf8')) as {
        account_id: string;
      };
      // Basic on a standard subscription only: six calendar months of history.
      unwrap(await control.patchAccount(accountId, { tier: 'basic', standard_plan: true, social_dm_tier: null }), 'plan set');
      const robot = unwrap(
        await control.createRobot(accountId, { name: 'Retention robot', channels: [{ type: 'widget', is_active: true }] }),
        'robot created',
      );
      const talk = async (text: string) =>
        unwrap(
          await control.createConversation(robot.id, { channel_type: 'widget', messages: [{ role: 'client', text }] }),
          'conversation created',
        ).conversation_id;
      const before = await talk('Asked before the advance');

      const context = await browser.newContext({ baseURL: own.url });
      const page = await context.newPage();
      await logIn(page, 'admin');

      // The receiver stored it; then an admin states the plan.
      await expect
        .poll(
          async () => {
            await page.goto(`/conversations?conversation=${before}`);
            return page.getByText('Asked before the advance', { exact: true }).count();
          },
          { timeout: 60_000, message: 'the conversation delivered to our receiver' },
        )
        .toBe(1);
      await page.goto('/settings');
      const form = page.getByTestId('retention-form');
      await form.getByLabel('Standard subscription').selectOption('basic');
      await form.getByLabel('Social-DM subscription').selectOption('');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('status')).toContainText('Saved: conversation history is kept 6 months.');

      // Seven months on by the service's clock; a customer writes again.
      unwrap(await control.advanceClock(213 * DAY_S), 'clock advanced');
      const after = await talk('Asked after the advance');
      expect((await control.getConversation(before)).status, 'the sandbox purged its own copy').toBe(404);
      const serviceNow = Date.parse(unwrap(await control.clock(), 'clock read').now);

      // The dashboard's copy goes too, once it has seen the service's clock (the watch) and its
      // retention pass has run (every minute).
      await expect
        .poll(
          async () => {
            await page.goto(`/conversations?conversation=${before}`);
            return page.getByRole('heading', { name: 'Conversation removed under retention' }).count();
          },
          { timeout: 4 * 60_000, intervals: [5_000], message: 'the removed conversation’s link explains itself' },
        )
        .toBe(1);
      await expect(page.getByText('Asked before the advance', { exact: true })).toHaveCount(0);

      // The list holds only what is inside the horizon, which the page states on the service's clock.
      await page.goto(`/conversations?robot=${robot.id}`);
      const results = page.getByTestId('conversation-results');
      await expect(results.getByRole('listitem')).toHaveCount(1);
      await expect(results).toContainText(after);
      const span = page.getByTestId('history-span');
      await expect(span).toContainText('History goes back to');
      await expect(span).toContainText('6 months, as the plan keeps it');
      const shown = Date.parse((await span.locator('time').first().getAttribute('datetime')) ?? '');
      const expected = retentionHorizon(serviceNow, 6);
      // The page reads "now" a little after the clock reading above.
      expect(shown - expected).toBeGreaterThanOrEqual(0);
      expect(shown - expected).toBeLessThan(10 * 60_000);
      await context.close();
    } finally {
      if (own) await stopOwnDashboard(own);
      cluster?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
