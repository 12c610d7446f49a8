import { expect, snap, test } from './fixtures';
import { everySignedInPage } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px every page fits without sideways scrolling, and nothing is out of reach', async ({ page, control }) => {
  // Every page of every section, each loaded and measured whole.
  test.setTimeout(180_000);
  const { robotId, conversationId, paths: pages } = await everySignedInPage(page, control);

  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    // Nothing inside may scroll sideways either (a table in a scrolling box hides its last columns).
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.tagName !== 'PRE',
        )
        .map((el) => el.getAttribute('data-testid') ?? el.tagName),
    );
    expect(hidden, `${path} has a box that scrolls sideways`).toEqual([]);
  }

  for (const label of ['Rules', 'Settings']) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label })).toBeInViewport();
  }

  await page.goto(`/robots/${robotId}`);
  for (const name of ['Website widget receives traffic', 'Chat app receives traffic']) {
    const toggle = page.getByRole('switch', { name });
    await toggle.scrollIntoViewIfNeeded();
    // Wholly inside the screen's width: reachable without scrolling sideways.
    const box = await toggle.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${name} lies within 390 px`).toBe(true);
  }
  await snap(page, 'robot-page-390');
  await page.goto(`/conversations?conversation=${conversationId}`);
  await snap(page, 'conversation-390');
  await page.goto('/usage');
  // The robots' names under the bars stay readable: no two shown labels overlap.
  const labels = page.getByTestId('usage-charts').locator('figure').first().getByTestId('chart-axis-label');
  await expect(labels.first()).toBeVisible();
  const boxes = await labels.evaluateAll((spans) =>
    spans.filter((s) => s.checkVisibility({ visibilityProperty: true })).map((s) => s.getBoundingClientRect().toJSON() as DOMRect),
  );
  expect(boxes.length).toBeGreaterThan(1);
  const overlapping = boxes.flatMap((a, i) =>
    boxes.slice(i + 1).filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1),
  );
  expect(overlapping, 'chart labels overlap').toEqual([]);
  await snap(page, 'usage-390');
});
