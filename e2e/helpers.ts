import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { everyPagePath, type WalkIds } from '../lib/navigation/sections';
import { expect, logIn, type ControlApi } from './fixtures';

/** A name no earlier run or test has used. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** A token of the messenger-bot shape (D7); the sandbox refuses one whose secret starts with `revoked`. */
export const botToken = (digits: string, secret = 'A'.repeat(35)) => `${digits}:${secret}`;

/** Seeds a robot through the control API and opens its page as an admin. */
export async function openRobot(page: Page, control: ControlApi, input: Parameters<ControlApi['createRobot']>[0]) {
  const robot = await control.createRobot(input);
  await logIn(page, 'admin');
  await page.goto(`/robots/${robot.id}`);
  await expect(page.getByRole('heading', { name: robot.name, level: 1 })).toBeVisible();
  return robot;
}

/** A conversation on a fresh robot with a widget channel, opened by the customer's first message. */
export async function newConversation(
  control: ControlApi,
  text = 'Can you send me the invoice?',
): Promise<{ robotId: string; conversationId: string }> {
  const robot = await control.createRobot({ name: unique('Conversation robot'), channels: [{ type: 'widget', is_active: true }] });
  const res = await control.call<{ conversation_id: string }>('POST', `/robots/${robot.id}/conversations`, {
    channel_type: 'widget',
    messages: [{ role: 'client', text }],
  });
  expect(res.status).toBe(201);
  return { robotId: robot.id, conversationId: res.body.conversation_id };
}

/** What axe checks on every page: WCAG 2.0, 2.1 and 2.2 at A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe over the page as it stands: no WCAG 2.2 A/AA violation and no best-practice one. */
export async function expectNoViolations(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    // Experimental in axe, so off by default: a control whose spoken name lacks its visible words.
    // (options() replaces every option, so it comes before withTags.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(AXE_TAGS)
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, `${label} has no WCAG 2.2 A/AA or best-practice violations`).toEqual([]);
}

/**
 * Every page of every section (lib/navigation/sections.ts), with a robot, a conversation and a
 * webhook delivery of its own to show; signs in as admin.
 */
export async function everySignedInPage(page: Page, control: ControlApi): Promise<WalkIds & { paths: string[] }> {
  const robot = await control.createRobot({
    name: unique('Every page robot'),
    channels: [
      { type: 'widget', is_active: true },
      { type: 'chat_app', is_active: false },
    ],
  });
  const created = await control.client.createConversation(robot.id, {
    channel_type: 'widget',
    messages: [{ role: 'client', text: 'Hi there' }],
  });
  expect(created.ok).toBe(true);
  const conversationId = created.ok ? created.body.conversation_id : '';
  await logIn(page, 'admin');
  // The conversation's events are delivered to our receiver: the newest delivery is one to open.
  let deliveryId = '';
  await expect(async () => {
    await page.goto('/webhooks');
    const href = (await page.getByTestId('delivery-row').first().getByRole('link').first().getAttribute('href')) ?? '';
    deliveryId = href.match(/\/webhooks\/deliveries\/([^/?#]+)/)?.[1] ?? '';
    expect(deliveryId, 'a webhook delivery to open').not.toBe('');
  }).toPass({ timeout: 20_000 });
  const ids = { robotId: robot.id, conversationId, deliveryId };
  return { ...ids, paths: everyPagePath(ids) };
}

/**
 * Runs a spec's body, then its clean-up, whichever way the body ends. A clean-up that fails after
 * a body that failed must not hide the body's error (a `finally` that throws would): the body's
 * error is the one reported, with the clean-up's appended.
 */
export async function thenCleanUp(body: () => Promise<void>, cleanUp: () => Promise<void>): Promise<void> {
  let bodyError: unknown = null;
  try {
    await body();
  } catch (err) {
    bodyError = err;
  }
  try {
    await cleanUp();
  } catch (cleanUpError) {
    if (bodyError === null) throw cleanUpError;
    if (bodyError instanceof Error) bodyError.message += `\n\nThen the clean-up failed too: ${String(cleanUpError)}`;
  }
  if (bodyError !== null) throw bodyError;
}

/**
 * In a clean-up: presses `button` if the page shows it, confirms in the dialog, and waits for
 * `gone`, so the removal is finished before the page is left (a navigation could cut it short).
 * Ask it only once the page's streamed sections are in (`untilLoaded`), or it may find nothing.
 */
export async function removeIfShown(page: Page, button: Locator, gone: () => Promise<void>): Promise<void> {
  if ((await button.count()) === 0) return;
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await gone();
}

/** Scrolls each series chart in `within` into view, as a reader would: a chart is drawn once it is on screen. */
export async function scrollToEachChart(within: Locator): Promise<void> {
  for (const plot of await within.getByTestId('time-series-plot').all()) {
    await plot.scrollIntoViewIfNeeded();
    await expect(plot.locator('[data-drawn-points]')).toBeAttached();
  }
}
