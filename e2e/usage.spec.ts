import fs from 'node:fs';
import { expect, snap, test, logIn } from './fixtures';

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
  await expect(page.getByRole('heading', { name: 'Usage' })).toBeVisible();
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
