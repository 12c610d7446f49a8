import { expect, logIn, snap, test } from './fixtures';
import { deliverSigned } from './signed-events';

// The dashboard's own copy of conversations follows the retention an admin states: nothing is
// removed until then, a removed conversation's link explains itself, and a shorter retention
// applies the moment it is saved. (The service's own purge, with clock advances of months, is
// tested against sandboxes of their own in the API tests.)

const DAY_MS = 86_400_000;

test('stating the plan and shortening the retention remove the history past it at once, audited, and say how far back history goes', async ({
  page,
  browser,
}) => {
  test.setTimeout(3 * 60_000);
  const tag = Date.now().toString(36);
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  const base = { type: 'message.received', robot_id: `rb_retention_${tag}`, external_id: `cust-retention-${tag}` };
  const gone = `conv_ret_gone_${tag}`;
  const mixed = `conv_ret_mixed_${tag}`;
  const twoMonths = `conv_ret_two_months_${tag}`;
  await deliverSigned([
    { ...base, id: `evt_ret_1_${tag}`, created_at: ago(220), conversation_id: gone, data: { message: { role: 'client', text: 'so old' } } },
    {
      ...base,
      id: `evt_ret_2_${tag}`,
      created_at: ago(220),
      conversation_id: mixed,
      data: { message: { role: 'client', text: 'old line' } },
    },
    {
      ...base,
      id: `evt_ret_3_${tag}`,
      created_at: ago(1),
      conversation_id: mixed,
      data: { message: { role: 'client', text: 'new line' } },
    },
    {
      ...base,
      id: `evt_ret_4_${tag}`,
      created_at: ago(62),
      conversation_id: twoMonths,
      data: { message: { role: 'client', text: 'two months' } },
    },
  ]);

  await logIn(page, 'admin');
  await page.goto(`/conversations?robot=${base.robot_id}`);
  const span = page.getByTestId('history-span');
  await expect(span).toContainText('How far back history goes is not set');

  // The plan as the partner holds it: Basic on a standard subscription, 6 months.
  await page.goto('/settings');
  const form = page.getByTestId('retention-form');
  await form.getByLabel('Standard subscription').selectOption('basic');
  await form.getByLabel('Social-DM subscription').selectOption('');
  await form.getByLabel('Months to keep').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toContainText('Saved: conversation history is kept 6 months.');
  await expect(page.getByTestId('retention-state')).toHaveText('Kept 6 months, as the plan keeps it.');
  await snap(page, 'settings-retention');

  await page.goto(`/conversations?robot=${base.robot_id}`);
  await expect(span).toContainText('History goes back to');
  await expect(span).toContainText('6 months, as the plan keeps it');
  await expect(page.getByTestId('conversation-results').getByRole('listitem')).toHaveCount(2);
  await snap(page, 'conversations-history-span');
  // Its only event was past the horizon: the link explains what happened to it.
  await page.goto(`/conversations?conversation=${gone}`);
  await expect(page.getByRole('heading', { name: 'Conversation removed under retention' })).toBeVisible();
  await snap(page, 'conversation-removed-under-retention');
  // Age counts per message: the new line stays, the old one went.
  await page.goto(`/conversations?conversation=${mixed}`);
  await expect(page.getByText('new line', { exact: true })).toBeVisible();
  await expect(page.getByText('old line', { exact: true })).toHaveCount(0);

  // Shorter than the plan: applied when saved.
  await page.goto('/settings');
  await form.getByLabel('Months to keep').fill('1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toContainText('Removed now: 1 event older than that, 1 conversation whole.');
  await page.goto(`/conversations?conversation=${twoMonths}`);
  await expect(page.getByRole('heading', { name: 'Conversation removed under retention' })).toBeVisible();
  // Longer than the plan is refused, and what was typed stays.
  await page.goto('/settings');
  await form.getByLabel('Months to keep').fill('9');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toContainText('no longer than the plan does');
  await expect(form.getByLabel('Months to keep')).toHaveValue('9');
  // Back to the plan's, so other specs' history is kept as the plan keeps it.
  await form.getByLabel('Months to keep').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('retention-state')).toHaveText('Kept 6 months, as the plan keeps it.');

  await page.goto('/audit');
  const entries = page
    .getByRole('list', { name: 'Audit entries' })
    .getByRole('listitem')
    .filter({ hasText: 'Conversation retention stated' });
  await expect(entries.first()).toContainText('6 months');
  await expect(entries.filter({ hasText: '1 month (shorter than the plan’s)' })).toHaveCount(1);

  // A viewer reads the retention and cannot change it.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await logIn(viewer, 'viewer');
  await viewer.goto('/settings');
  await expect(viewer.getByTestId('retention-state')).toHaveText('Kept 6 months, as the plan keeps it.');
  await expect(viewer.getByTestId('retention-form')).toHaveCount(0);
  await viewerContext.close();
});
