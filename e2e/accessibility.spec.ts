import { expect, logIn, test } from './fixtures';
import { expectNoViolations } from './helpers';
import { E2E } from './e2e-env';

// Every page at both widths, signed in and not, is walked by every-page.spec.ts.

test('the robots page works from the keyboard', async ({ page, control }) => {
  const robot = await control.createRobot({ name: `Keyboard robot ${Date.now()}` });
  await logIn(page, 'admin');
  await page.goto('/robots');
  const deleteButton = page.getByRole('button', { name: `Delete ${robot.name}` });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Delete robot “${robot.name}”?` });
  await expect(dialog).toBeVisible();
  // Focus starts on Cancel, the safe choice; Escape closes without deleting.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('robot-row').filter({ hasText: robot.name })).toHaveCount(1);
});

test("the sandbox's consent screen and panel sign-in are accessible", async ({ page, control }) => {
  const robot = await control.createRobot({ name: `A11y consent ${Date.now()}` });
  await logIn(page, 'admin');
  await page.goto(`/robots/${robot.id}`);
  await page.getByRole('button', { name: 'Connect Social DM' }).click();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectNoViolations(page, 'consent screen');
  await page.goto(`${E2E.sandboxUrl}/sandbox/panel/login`);
  await expectNoViolations(page, 'panel sign-in');
});
