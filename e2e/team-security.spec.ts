import type { Browser, Page } from '@playwright/test';
import { createAdminOnCommandLine } from './admin-command';
import { expect, logIn, test, untilLoaded } from './fixtures';

// Each new admin is made by running the command line, a few seconds apiece on a busy machine.
test.describe.configure({ timeout: 180_000 });

const tagged = (label: string) => `${label}-${Date.now().toString(36)}`;

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/** Admins a test made, disabled after it: the team spec counts on the demo admin being the last active one. */
const made: { email: string; name: string }[] = [];

function newAdmin(email: string, name: string): { password: string } {
  made.push({ email, name });
  return createAdminOnCommandLine(email, name);
}

test.afterEach(async ({ browser }) => {
  const page = await browser.newPage();
  await logIn(page, 'admin');
  await page.goto('/team');
  await untilLoaded(page);
  for (const { email, name } of made.splice(0)) {
    const row = page.getByTestId('team-person').filter({ hasText: email });
    const disable = row.getByRole('button', { name: `Disable ${name}` });
    if ((await disable.count()) === 0) continue;
    await disable.click();
    await page
      .getByRole('dialog', { name: `Disable ${name}?` })
      .getByRole('button', { name: `Disable ${name}` })
      .click();
    await expect(row.getByTestId('person-status')).toHaveText('disabled');
  }
  await page.close();
});

/** A new admin, made on the command line, signed in in a browser context of its own. */
async function newAdminSignedIn(browser: Browser, label: string) {
  const email = `${tagged(label)}@example.com`;
  const { password } = newAdmin(email, label);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { email, password, context, page };
}

test('an admin’s invitation and reset links stop working once another admin disables them', async ({ page, browser }) => {
  // Added by the dashboard at the next sign-in page, the maker's.
  const colleague = `${tagged('colleague')}@example.com`;
  newAdmin(colleague, 'Colleague Admin');
  const maker = await newAdminSignedIn(browser, 'link-maker');

  // The maker invites a new admin and makes a reset link for a fellow admin.
  await maker.page.goto('/team');
  await maker.page.getByLabel('Email').fill(`${tagged('newcomer')}@example.com`);
  await maker.page.getByLabel('Role', { exact: true }).selectOption('admin');
  await maker.page.getByRole('button', { name: 'Make invitation link' }).click();
  const invite = await maker.page.getByLabel('One-time link').inputValue();
  const colleagueRow = maker.page.getByTestId('team-person').filter({ hasText: colleague });
  await colleagueRow.getByRole('button', { name: 'Reset password for Colleague Admin' }).click();
  const reset = await colleagueRow.getByLabel('One-time link').inputValue();

  // Another admin disables the maker.
  await logIn(page, 'admin');
  await page.goto('/team');
  const makerRow = page.getByTestId('team-person').filter({ hasText: maker.email });
  await makerRow.getByRole('button', { name: 'Disable link-maker' }).click();
  await page.getByRole('dialog', { name: 'Disable link-maker?' }).getByRole('button', { name: 'Disable link-maker' }).click();
  await expect(makerRow.getByTestId('person-status')).toHaveText('disabled');

  // Whoever holds the links now finds them refused, with the reason.
  const holder = await browser.newPage();
  for (const link of [invite, reset]) {
    await holder.goto(link);
    await expect(holder.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(holder.getByTestId('link-unusable')).toContainText('revoked');
    await expect(holder.getByLabel(/password/i)).toHaveCount(0);
  }
  await holder.close();

  // The revocation is in the audit log, counted, by the admin who disabled the maker.
  await page.goto(`/audit?action=team.invite_revoke&target=${encodeURIComponent(maker.email)}`);
  const revoked = page.getByTestId('audit-row');
  await expect(revoked).toHaveCount(1);
  await expect(revoked).toContainText(`2 open links made by ${maker.email} (disabled)`);
  await expect(revoked).toContainText('admin@example.com');
  await maker.context.close();
});

test('changing your password signs out your other sessions and keeps this one', async ({ browser }) => {
  const here = await newAdminSignedIn(browser, 'password-mover');
  const elsewhere = await browser.newContext();
  const there = await elsewhere.newPage();
  await signIn(there, here.email, here.password);

  const newPassword = `moved-${here.password}`;
  await here.page.goto('/account');
  await here.page.getByLabel('Current password').fill(here.password);
  await here.page.getByLabel('New password (at least 12 characters)').fill(newPassword);
  await here.page.getByLabel('The new password again').fill(newPassword);
  await here.page.getByRole('button', { name: 'Change password' }).click();
  await expect(here.page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();

  // The other browser is signed out at its next click; this one carries on.
  await there.goto('/robots');
  await expect(there).toHaveURL(/\/login/);
  await here.page.goto('/robots');
  await expect(here.page).toHaveURL(/\/robots$/);
  await expect(here.page.getByTestId('current-role')).toHaveText('admin');

  // The new password is the one that signs in.
  await signIn(there, here.email, newPassword);
  await here.context.close();
  await elsewhere.close();
});

test('wrong current passwords are refused with a wait after five', async ({ browser }) => {
  const guesser = await newAdminSignedIn(browser, 'password-guesser');
  await guesser.page.goto('/account');
  const current = guesser.page.getByLabel('Current password');
  const attempt = async (password: string) => {
    await current.fill(password);
    await guesser.page.getByLabel('New password (at least 12 characters)').fill('attacker-chosen-password');
    await guesser.page.getByLabel('The new password again').fill('attacker-chosen-password');
    await guesser.page.getByRole('button', { name: 'Change password' }).click();
  };
  for (let i = 1; i <= 5; i++) {
    await attempt(`guess-number-${i}`);
    // The form is emptied once the answer is in.
    await expect(current).toHaveValue('');
    await expect(guesser.page.getByText('That is not your current password.')).toBeVisible();
  }
  // The sixth try is refused before the password is checked, even when it is right.
  await attempt(guesser.password);
  await expect(current).toHaveValue('');
  await expect(guesser.page.getByText(/^Too many wrong current passwords for this account\. Try again in \d+ s\.$/)).toBeVisible();
  await guesser.page.goto('/robots');
  await expect(guesser.page.getByTestId('current-role')).toHaveText('admin');
  await guesser.context.close();
});
