import fs from 'node:fs';
import { expect, snap, test, logIn, untilLoaded } from './fixtures';
import { removeAlertDestination, startReceiver } from './alert-receiver';
import { removeIfShown, scrollToEachChart, thenCleanUp } from './helpers';

type UsageEntry = {
  robot_id: string;
  name: string;
  messages: { total: number; units: number; by_role: { client: number; ai: number; operator: number } };
  conversations: { total: number };
};
type UsageReport = { data: UsageEntry[]; pagination: { total_count: number } };

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const count = new Intl.NumberFormat('en-GB');

test('usage shows charts and totals equal to the API for the window', async ({ page, partnerApi }) => {
  const from = day(-60);
  const to = day(-1);
  const api = await partnerApi<UsageReport>(`/v1/usage?from=${from}T00:00:00Z&to=${to}T23:59:59Z&limit=100`);
  expect(api.status).toBe(200);
  const messages = api.body.data.reduce((n, e) => n + e.messages.total, 0);
  const units = api.body.data.reduce((n, e) => n + e.messages.units, 0);
  const conversations = api.body.data.reduce((n, e) => n + e.conversations.total, 0);
  expect(messages, 'the demo history has traffic in this window').toBeGreaterThan(0);

  await logIn(page, 'admin');
  await page.goto(`/usage?range=custom&from=${from}&to=${to}`);
  await expect(page.getByTestId('total-messages')).toHaveText(count.format(messages));
  await expect(page.getByTestId('total-units')).toHaveText(count.format(units));
  await expect(page.getByTestId('total-conversations')).toHaveText(count.format(conversations));
  const charts = page.getByTestId('usage-charts');
  await expect(charts.getByTestId('chart-bar').first()).toBeVisible();
  await expect(page.getByTestId('usage-freshness')).toContainText('Figures as of');
  await expect(page.getByText('Units are what billing uses')).toBeVisible();
  await snap(page, 'usage');
});

test('window and robot are kept in the URL', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/usage');
  await page.getByLabel('Window').selectOption('7d');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByRole('heading', { name: 'Usage', exact: true })).toBeVisible();
  // The picker searches the directory from the keyboard: type, arrow down, Enter.
  const picker = page.getByRole('combobox', { name: 'Robot' });
  await picker.fill('Acme Supp');
  await expect(page.getByRole('option', { name: /Acme Support/ })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue('Acme Support');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/range=7d&robot=rb_/);
  await expect(page.getByTestId('usage-row')).toHaveCount(1);
  await expect(page.getByTestId('usage-row')).toContainText('Acme Support');
  await page.reload();
  await expect(page.getByLabel('Window')).toHaveValue('7d');
  await expect(page.getByTestId('usage-row')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Robot' })).toHaveValue('Acme Support');
});

test('a range over a year is refused before asking', async ({ page }) => {
  await logIn(page, 'admin');
  await page.goto('/usage');
  await page.getByLabel('Window').selectOption('custom');
  await page.getByLabel('From').fill(day(-400));
  await page.getByLabel('To (inclusive)').fill(day(0));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'at most a year' })).toBeVisible();
  await expect(page).not.toHaveURL(/range=custom/);
  await snap(page, 'usage-refused');

  // Typed straight into the URL, the page explains and falls back instead of failing.
  await page.goto(`/usage?range=custom&from=${day(-400)}&to=${day(0)}`);
  await expect(page.getByText('at most a year')).toBeVisible();
  await expect(page.getByTestId('usage-totals')).toBeVisible();
});

test('the CSV has one row per robot with external ids and the API figures', async ({ page, partnerApi }) => {
  const from = day(-30);
  const to = day(-1);
  const api = await partnerApi<UsageReport>(`/v1/usage?from=${from}T00:00:00Z&to=${to}T23:59:59Z&limit=100`);
  await logIn(page, 'admin');
  await page.goto(`/usage?range=custom&from=${from}&to=${to}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`usage_${from}_${to}.csv`);
  const raw = fs.readFileSync(await download.path(), 'utf8');
  // A byte order mark first, so spreadsheet software reads the file as UTF-8.
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const csv = raw.slice(1).trim().split('\n');
  expect(csv[0]).toBe('Robot,External id,Robot id,Messages,Client,AI,Operator,Units,Conversations,Channels connected now');
  expect(csv).toHaveLength(api.body.pagination.total_count + 1);
  const acme = api.body.data.find((e) => e.name === 'Acme Support');
  expect(acme).toBeDefined();
  const acmeLine = csv.find((line) => line.startsWith('Acme Support,'));
  expect(acmeLine?.split(',').slice(1, 5)).toEqual([
    'cust-acme',
    acme?.robot_id,
    String(acme?.messages.total),
    String(acme?.messages.by_role.client),
  ]);
});

test('usage over time draws each day beside the window before, each closed day as the API answers for that day alone', async ({
  page,
  partnerApi,
}) => {
  test.setTimeout(5 * 60_000);
  const from = day(-30);
  const to = day(-3);
  await logIn(page, 'admin');
  // Closed days are read in the background, newest first, once each.
  await expect
    .poll(
      async () => {
        await page.goto(`/usage?range=custom&from=${from}&to=${to}`);
        return page.getByTestId('series-progress').textContent();
      },
      { timeout: 4 * 60_000, intervals: [5_000] },
    )
    .toContain('Every closed day of both windows is read');
  const section = page.getByTestId('usage-over-time');
  await scrollToEachChart(section);
  await expect(section.locator('.recharts-surface')).toHaveCount(2);
  await expect(section.locator('.recharts-surface').first()).toBeVisible();
  // The window before is drawn too, dashed.
  await expect(section.locator('.recharts-line-curve[stroke-dasharray="4 3"]').first()).toBeAttached();
  // 28 days fit at this width: each is a point of its own.
  await expect(section.getByTestId('weekly-points')).toHaveCount(0);
  await section.getByText("Each day's figures as a table").click();
  const table = section.getByTestId('series-table');
  await expect(table.getByRole('row')).toHaveCount(28 + 1);
  // Days well before the last week: another spec writes a week of history into the past on the
  // sandbox (its control API can; a real service's closed days never change), after they were read.
  for (const d of [from, day(-20), day(-12)]) {
    const api = await partnerApi<UsageReport>(`/v1/usage?from=${d}T00:00:00.000Z&to=${d}T23:59:59.999Z&limit=100`);
    const messages = api.body.data.reduce((n, e) => n + e.messages.total, 0);
    const units = api.body.data.reduce((n, e) => n + e.messages.units, 0);
    const row = table.getByRole('row').filter({ hasText: d });
    await expect(row).toHaveAttribute('data-state', 'closed');
    await expect(row.getByRole('cell').nth(5)).toHaveText(count.format(messages));
    await expect(row.getByRole('cell').nth(6)).toHaveText(count.format(units));
  }
  await snap(page, 'usage-over-time');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/usage?range=custom&from=${day(-365)}&to=${to}`);
  const year = page.getByTestId('usage-over-time');
  await scrollToEachChart(year);
  await expect(year.locator('.recharts-surface')).toHaveCount(2);
  await expect(year.locator('.recharts-surface').first()).toBeVisible();
  // A year of days does not fit a phone: each chart draws weeks and says so.
  await expect(year.getByTestId('weekly-points')).toHaveCount(2);
  await expect(year.getByTestId('weekly-points').first()).toContainText('363 days do not fit this width');
  const weeks = Number(await year.locator('[data-drawn-points]').first().getAttribute('data-drawn-points'));
  expect(weeks).toBeGreaterThanOrEqual(52);
  expect(weeks).toBeLessThanOrEqual(53);
  await snap(page, 'usage-over-time-year-narrow');
});

test('the daily CSV is row for row what the usage-over-time charts draw', async ({ page }) => {
  const from = day(-10);
  const to = day(-3);
  await logIn(page, 'admin');
  await page.goto(`/usage?range=custom&from=${from}&to=${to}`);
  const section = page.getByTestId('usage-over-time');
  await section.getByText("Each day's figures as a table").click();
  const rows = section.getByTestId('series-table').getByRole('row');
  await expect(rows).toHaveCount(8 + 1);
  const shown = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const download = page.waitForEvent('download');
  await section.getByTestId('daily-csv').click();
  const file = await (await download).path();
  const lines = fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe(
    'day,state,client,ai,operator,messages,units,previous_day,previous_messages,previous_units,monthly_threshold,threshold_mark',
  );
  expect(lines).toHaveLength(shown.length + 1);
  const words: Record<string, string> = { Final: 'final', Provisional: 'provisional', 'Not read yet': 'not read yet' };
  lines.slice(1).forEach((line, i) => {
    const [dayCell, state, client, ai, operator, messages, units] = line.split(',');
    const [shownDay, shownState, ...figures] = shown[i] ?? [];
    expect(dayCell).toBe(shownDay);
    expect(state).toBe(words[shownState ?? '']);
    const asShown = (v: string | undefined) => (v === '' ? '—' : count.format(Number(v)));
    expect([client, ai, operator, messages, units].map(asShown)).toEqual(figures);
  });
});

test('a monthly threshold marks the account on the usage page and the overview, and setting it is in the audit log', async ({
  page,
  partnerApi,
}) => {
  const monthStart = `${day(0).slice(0, 8)}01`;
  await logIn(page, 'admin');
  await page.goto('/usage');
  const form = page.getByTestId('set-threshold');
  await form.getByLabel('For').selectOption('robot');
  await form.getByLabel('Units a month').fill('10');
  await form.getByRole('button', { name: 'Set' }).click();
  // Refused, and what was typed is still there.
  await expect(form).toContainText('Give the robot id or the customer’s external id');
  await expect(form.getByLabel('Units a month')).toHaveValue('10');
  await form.getByLabel('For').selectOption('account');
  await form.getByRole('button', { name: 'Set' }).click();
  await expect(form).toContainText('Set: 10 units a month for the account');
  const threshold = page.getByTestId('usage-threshold').filter({ hasText: 'the account' });
  await expect(threshold).toContainText('10 units a month');
  // Days surely closed and read by now (the usage-over-time spec waited for them) decide the mark.
  const closedFrom = monthStart <= day(-2) ? monthStart : null;
  if (closedFrom) {
    const api = await partnerApi<UsageReport>(`/v1/usage?from=${closedFrom}T00:00:00.000Z&to=${day(-2)}T23:59:59.999Z&limit=100`);
    const units = api.body.data.reduce((n, e) => n + e.messages.units, 0);
    if (units >= 10) {
      await expect(threshold).toHaveAttribute('data-mark', 'over');
      await page.goto('/');
      await expect(page.getByTestId('overview-thresholds')).toContainText('The account is over its 10 units this month');
    }
  }
  // The daily CSV carries the threshold and its mark on the rows of this month.
  const csv = await page.request.get(`/usage/export/daily?range=custom&from=${day(-1)}&to=${day(-1)}`);
  const [, row] = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  if (day(-1).startsWith(monthStart.slice(0, 7))) expect(row?.split(',').slice(10, 11)).toEqual(['10']);
  await snap(page, 'usage-thresholds');
  await page.goto('/audit');
  const entries = page.getByRole('list', { name: 'Audit entries' });
  await expect(entries.getByRole('listitem').filter({ hasText: 'Usage threshold set' }).first()).toContainText('10 units a month');
  await page.goto('/usage');
  await page.getByRole('button', { name: 'Remove the threshold of the account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('usage-threshold')).toHaveCount(0);
});

test('crossing 75 % and then 100 % of a monthly threshold sends one alert each, and no more that month', async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const receiver = await startReceiver();
  const thresholdAlerts = () => receiver.received.filter((r) => r.kind === 'usage_threshold');
  await logIn(page, 'admin');
  await page.goto('/settings');
  const add = page.getByTestId('add-destination');
  await add.getByLabel('Name').fill('Usage on-call');
  await add.getByLabel('Incoming-webhook URL').fill(receiver.url);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toContainText('Added Usage on-call');
  const form = page.getByTestId('set-threshold');
  const setUnits = async (units: number) => {
    await page.goto('/usage');
    await form.getByLabel('For').selectOption('account');
    await form.getByLabel('Units a month').fill(String(units));
    await form.getByRole('button', { name: 'Set' }).click();
    await expect(form).toContainText(`Set: ${count.format(units)} units a month for the account`);
  };
  await thenCleanUp(
    async () => {
      // A threshold far above, to read the month so far off the page.
      await setUnits(1_000_000_000);
      const standing = await page.getByTestId('usage-threshold').filter({ hasText: 'the account' }).textContent();
      const soFar = Number(/([\d,]+) units so far/.exec(standing ?? '')?.[1]?.replace(/,/g, '') ?? '0');
      test.skip(soFar < 10, 'too few units this month so far to cross a threshold in steps');
      await setUnits(Math.ceil(soFar / 0.8));
      await expect
        .poll(() => thresholdAlerts().map((a) => a.text?.match(/reached (\d+) %/)?.[1]), { timeout: 120_000, intervals: [2_000] })
        .toEqual(['75']);
      await setUnits(soFar);
      await expect
        .poll(() => thresholdAlerts().map((a) => a.text?.match(/reached (\d+) %/)?.[1]), { timeout: 120_000, intervals: [2_000] })
        .toEqual(['75', '100']);
      // Two alert passes later (30 s each), still the two: once per month, not per pass.
      await page.waitForTimeout(65_000);
      expect(thresholdAlerts()).toHaveLength(2);
      expect(thresholdAlerts()[0]).toMatchObject({ occasion: 'opened', link: expect.stringMatching(/\/usage$/) });
    },
    async () => {
      await page.goto('/usage');
      await untilLoaded(page);
      await removeIfShown(page, page.getByRole('button', { name: 'Remove the threshold of the account' }), () =>
        expect(page.getByTestId('usage-threshold').filter({ hasText: 'the account' })).toHaveCount(0, { timeout: 30_000 }),
      );
      await removeAlertDestination(page, 'Usage on-call');
      receiver.close();
    },
  );
});
