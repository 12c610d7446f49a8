import { expect, logIn, snap, test } from './fixtures';
import { everySignedInPage, expectNoViolations } from './helpers';
import { navSections } from '../lib/navigation/sections';
import { E2E } from './e2e-env';

/** The two widths every page is checked at: a laptop and a phone. */
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Pages a visitor without a session can open, a not-found one among them. */
const SIGNED_OUT_PAGES = [
  '/login',
  '/login?callbackUrl=%2Fusage',
  '/channels/return?robot_id=rb_x&channel_id=ch_x&status=denied',
  '/invite/not-a-real-invitation-token',
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every page of every section is accessible, signed in', async ({ page, control }) => {
      // A dozen and more pages, each loaded and checked whole.
      test.setTimeout(240_000);
      const { paths } = await everySignedInPage(page, control);
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), `${path} answers`).toBeLessThan(400);
        await expectNoViolations(page, `${path} at ${viewport.width} px`);
      }
      await page.goto('/');
      await snap(page, `overview-${viewport.width}`);
    });

    test('the pages open without a session are accessible', async ({ page }) => {
      for (const path of SIGNED_OUT_PAGES) {
        await page.goto(path);
        await expectNoViolations(page, `${path} signed out at ${viewport.width} px`);
      }
    });

    test('not-found pages say so in their title and are accessible', async ({ page }) => {
      test.setTimeout(120_000);
      await logIn(page, 'admin');
      // A robot id no robot can have is a 404 at once, whether or not the directory is complete.
      for (const path of ['/no-such-page', '/webhooks/deliveries/dl_does_not_exist', '/robots/rb.not.an.id']) {
        const response = await page.goto(path);
        expect(response?.status(), `${path} is a 404`).toBe(404);
        await expect(page, `${path} says it is not found in its title`).toHaveTitle(/not found/i);
        await expectNoViolations(page, `${path} at ${viewport.width} px`);
      }
    });
  });
}

test('the nav lists the sections, the admins-only ones to admins alone', async ({ page, browser }) => {
  for (const role of ['admin', 'viewer'] as const) {
    const context = role === 'admin' ? page : await browser.newPage({ baseURL: E2E.dashboardUrl });
    await logIn(context, role);
    await context.goto('/');
    const links = context.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveText(navSections(role === 'admin').map((s) => s.label));
    const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(navSections(role === 'admin').map((s) => s.href));
    await expect(links.first()).toHaveAttribute('aria-current', 'page');
    if (context !== page) await context.close();
  }
});
