import { unwrap } from '../sandbox/control-client/client';
import { expect, logIn, snap, test } from './fixtures';
import { deliverSigned, type ConversationEvent } from './signed-events';

// Finding one conversation among ten thousand, and reading a long thread back to its start.

const CONVERSATIONS = 10_000;
const DAY_MS = 86_400_000;
/**
 * The archive spans 60 days from 150 days back: old enough that no figure of the last days moves,
 * young enough that a Basic plan's 6 months (stated by the retention spec) keeps it.
 */
const ARCHIVE_START = Math.floor(Date.now() / DAY_MS) * DAY_MS - 150 * DAY_MS;
const dayOf = (i: number) => new Date(ARCHIVE_START + (i % 60) * DAY_MS).toISOString().slice(0, 10);

/** One message event per conversation, through the dashboard's real receiver. */
function archive(tag: string): ConversationEvent[] {
  return Array.from({ length: CONVERSATIONS }, (_, i) => ({
    id: `evt_archive_${tag}_${i}`,
    type: 'message.received',
    created_at: new Date(ARCHIVE_START + (i % 60) * DAY_MS + i * 1000).toISOString(),
    robot_id: `rb_archive_${i % 10}`,
    external_id: `cust-archive-${i % 100}`,
    conversation_id: `conv_archive_${tag}_${i}`,
    data: { message: { role: 'client', text: i === 4242 ? 'Where is the refund for parcel Z-991?' : `question number ${i}` } },
  }));
}

test('search finds one conversation among 10,000 by customer, days and text', async ({ page }) => {
  test.setTimeout(12 * 60_000);
  const tag = Date.now().toString(36);
  const seeding = Date.now();
  await deliverSigned(archive(tag));
  console.log(`seeded ${CONVERSATIONS} conversations in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);
  await logIn(page, 'admin');
  // Conversation 4242: the archive's day 4242 % 60 = 42, customer cust-archive-42.
  await page.goto('/conversations');
  const form = page.getByRole('search', { name: 'Search conversations' });
  await form.getByLabel('Text of a message').fill('refund for PARCEL');
  await form.getByLabel('Customer (external id)').fill('cust-archive-42');
  await form.getByLabel('From (UTC)').fill(dayOf(4242));
  await form.getByLabel('To (UTC, included)').fill(dayOf(4242));
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=refund\+for\+PARCEL/);
  await expect(page.getByTestId('search-count')).toHaveText('1 conversation matches.');
  const results = page.getByTestId('conversation-results').getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(`conv_archive_${tag}_4242`);
  await snap(page, 'conversation-search');

  // The customer alone: 100 conversations (every hundredth), two pages of 50, kept in the URL.
  await page.goto(`/conversations?customer=cust-archive-42`);
  await expect(page.getByTestId('search-count')).toContainText('100 conversations match · page 1 of 2');
  await page.getByRole('navigation', { name: 'Conversation pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/customer=cust-archive-42&page=2/);
  await expect(page.getByTestId('conversation-results').getByRole('listitem')).toHaveCount(50);

  // A day that does not exist is named, and the other filters still apply.
  await page.goto(`/conversations?customer=cust-archive-42&from=2026-02-30`);
  await expect(page.getByText('Give a day as YYYY-MM-DD (UTC).')).toBeVisible();
  await expect(page.getByLabel('From (UTC)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('search-count')).toContainText('100 conversations match');
});

test('the export of a window holds every event the search finds, states the retention horizon, and is in the audit log', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const customer = `cust-export-${tag}`;
  const events = Array.from({ length: 30 }, (_, i) => ({
    id: `evt_export_${tag}_${i}`,
    type: 'message.received',
    created_at: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
    robot_id: `rb_export_${tag}`,
    external_id: customer,
    conversation_id: `conv_export_${tag}_${i % 12}`,
    data: { message: { role: i % 2 === 0 ? 'client' : 'ai', text: i === 7 ? '=HYPERLINK("x")' : `export line ${i}` } },
  }));
  await deliverSigned(events);
  await logIn(page, 'admin');
  await page.goto(`/conversations?customer=${customer}`);
  await expect(page.getByTestId('search-count')).toContainText('12 conversations match');
  const json = await page.request.get((await page.getByTestId('export-json').getAttribute('href')) ?? '');
  expect(json.headers()['content-disposition']).toContain('attachment');
  const file = (await json.json()) as {
    retention: { horizon: string | null; note: string };
    conversations: { conversation_id: string; events: { event_id: string; text: string; role: string }[] }[];
  };
  expect(file.retention.note).toBeTruthy();
  expect(file.conversations).toHaveLength(12);
  const exported = file.conversations.flatMap((c) => c.events.map((e) => [c.conversation_id, e.event_id, e.text, e.role].join('|')));
  const sent = events.map((e) => [e.conversation_id, e.id, e.data.message.text, e.data.message.role].join('|'));
  expect(exported.sort()).toEqual(sent.sort());
  const csv = await page.request.get((await page.getByTestId('export-csv').getAttribute('href')) ?? '');
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('conversation_id,robot_id,external_id,event_id,type,occurred_at,received_at,role,text,retention_horizon');
  expect(lines).toHaveLength(31);
  // A spreadsheet shows a message that looks like a formula as text, and never runs it.
  expect(lines.some((line) => line.includes(`"'=HYPERLINK(""x"")"`))).toBe(true);
  await page.goto('/audit');
  await expect(
    page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').filter({ hasText: 'Conversations exported' }).first(),
  ).toContainText('12 conversations as CSV');

  // A viewer may read conversations but not take them away.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await logIn(viewer, 'viewer');
  await viewer.goto(`/conversations?customer=${customer}`);
  await expect(viewer.getByTestId('export-csv')).toHaveCount(0);
  expect((await viewer.request.get(`/conversations/export?format=csv&customer=${customer}`)).status()).toBe(403);
  await viewerContext.close();
});

test('a thread of 500 events pages back to its first', async ({ page, control }) => {
  test.setTimeout(4 * 60_000);
  const robot = await control.createRobot({ name: `Long thread ${Date.now()}`, channels: [{ type: 'widget', is_active: true }] });
  // A second apart, so the thread's order is the lines' order whatever order the deliveries arrive in.
  const now = Date.parse(unwrap(await control.client.clock(), 'control API reads the clock').now);
  const messages = Array.from({ length: 499 }, (_, i) => ({
    role: 'client' as const,
    text: `line ${i + 1}`,
    at: new Date(now - (600 - i) * 1000).toISOString(),
  }));
  const { conversation_id: conversation } = unwrap(
    await control.client.createConversation(robot.id, { channel_type: 'widget', messages }),
    'control API writes a long conversation',
  );
  await logIn(page, 'admin');
  // chat.started and 499 messages: 500 events, delivered by the sandbox to our receiver.
  await expect
    .poll(
      async () => {
        await page.goto(`/conversations?conversation=${conversation}`);
        return page
          .getByTestId('thread-range')
          .textContent({ timeout: 2_000 })
          .catch(() => '');
      },
      { timeout: 3 * 60_000, intervals: [3_000] },
    )
    .toBe('Events 301–500 of 500 (the latest), oldest first.');
  await expect(page.getByText('line 499', { exact: true })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Thread pages, latest first' });
  await pager.getByRole('link', { name: 'Page 3' }).click();
  await expect(page.getByTestId('thread-range')).toHaveText('Events 1–100 of 500 (the first), oldest first.');
  await expect(page.getByText('line 1', { exact: true })).toBeVisible();
  await expect(page.getByText('line 499', { exact: true })).toHaveCount(0);
  await snap(page, 'conversation-thread-first-page');
});
