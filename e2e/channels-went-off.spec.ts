import type { Page } from '@playwright/test';
import { unwrap } from '../sandbox/control-client/client';
import type { Robot } from '../sandbox/control-client/types';
import { expect, logIn, snap, test, type ControlApi } from './fixtures';
import { E2E } from './e2e-env';

// A lapse turns every channel off at the service and the API says nothing: the overview finds it
// in the directory, names the cause once, and turns the channels back on in the background up to
// the plan's capacity, saying where it stopped.

const group = (page: Page) => page.getByTestId('channels-off-group');

async function activeChannelsOf(control: ControlApi, robotIds: string[]): Promise<boolean[]> {
  const robots = unwrap(await control.client.listRobots(control.demoAccountId()), 'control API lists robots');
  return robotIds.map((id) => robots.data.find((r) => r.id === id)?.channels.some((c) => c.is_active) ?? false);
}

test.setTimeout(240_000);

test('a lapse is one item with its cause, and after renewal the bulk re-enable turns channels on up to capacity', async ({
  page,
  browser,
  control,
}) => {
  const seeded: Robot[] = [];
  for (const n of [1, 2, 3])
    seeded.push(await control.createRobot({ name: `Lapse ${n} ${Date.now()}`, channels: [{ type: 'widget', is_active: true }] }));
  await logIn(page, 'admin');
  // The directory knows every channel on before the lapse: a full read now.
  await page.goto('/robots');
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByTestId('directory-freshness')).toContainText('fully read');
  const before = (await control.account()).active_channels;
  expect(before).toBeGreaterThanOrEqual(3);

  await control.withAccount({ lapsed: true }, async () => {
    await expect
      .poll(
        async () => {
          await page.goto('/');
          return (await group(page).all()).length === 1 ? await group(page).first().getAttribute('data-cause') : null;
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe('plan_lapsed');
    await expect(group(page)).toHaveCount(1);
    await expect(group(page)).toContainText(`Plan lapsed: ${before} channels off across`);
    await expect(group(page)).toContainText('inferred');
    // The newest robots first: the ones this test made.
    await expect(group(page).getByRole('link').first()).toHaveText(seeded[2]?.name ?? '');
    await snap(page, 'overview-channels-off');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'overview-channels-off-narrow');
    await page.setViewportSize({ width: 1366, height: 768 });

    // While the plan is still lapsed the service refuses, which confirms the cause.
    await group(page)
      .getByRole('button', { name: /back on/ })
      .click();
    await expect(page.getByTestId('reenable-progress')).toContainText('plan is still lapsed', { timeout: 60_000 });
    await expect(group(page)).toContainText('confirmed by the service');

    const viewer = await browser.newPage({ baseURL: E2E.dashboardUrl });
    await logIn(viewer, 'viewer');
    await viewer.goto('/');
    await expect(viewer.getByTestId('channels-off-group')).toContainText('Plan lapsed');
    await expect(viewer.getByTestId('channels-off-group').getByRole('button')).toHaveCount(0);
    await expect(viewer.getByTestId('channels-off-group')).toContainText('Only an admin');
    await viewer.close();
  });

  // Renewed, with room for all but one: the run stops at the capacity and names where.
  await control.withAccount({ capacity: before - 1 }, async () => {
    await page.goto('/');
    await group(page)
      .getByRole('button', { name: `Turn ${before} channels back on` })
      .click();
    await expect(page.getByTestId('reenable-stopped-at')).toContainText('Stopped at', { timeout: 120_000 });
    await expect(page.getByTestId('reenable-stopped-at')).toContainText(`${before - 1} of ${before - 1} slots in use`);
    await expect(group(page)).toContainText('Plan lapsed: 1 channel off');
    await snap(page, 'overview-reenable-stopped');
    expect(
      await activeChannelsOf(
        control,
        seeded.map((r) => r.id),
      ),
    ).toEqual([true, true, true]);
    await page.goto('/robots');
    for (const robot of seeded)
      await expect(
        page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: robot.name }) })
          .getByTestId('channel-badge'),
      ).toHaveText(/\bactive$/);
  });

  // With the capacity back, the last one goes on and the item clears.
  await page.goto('/');
  await group(page).getByRole('button', { name: 'Turn 1 channel back on' }).click();
  await expect(group(page)).toHaveCount(0, { timeout: 60_000 });
  expect((await control.account()).active_channels).toBe(before);
});
