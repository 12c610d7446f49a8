/**
 * `npm run admin -- create --email you@example.com [--name "Your Name"]`: creates an admin of the
 * dashboard, the way the first one comes to exist against a real service (no demo users there).
 * The password is typed at the terminal without being shown, or taken from the first line of
 * standard input when that is piped; with neither, one is generated and shown once. The creation is
 * in the audit log, by "command line".
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readLaunchConfig } from '../lib/config/launch';
import { exportSetting, processEnvironment } from '../lib/config/process-env';
import { PromptCancelled, promptHidden, readFirstLine } from './read-password';

const usage = 'usage: npm run admin -- create --email you@example.com [--name "Your Name"]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help || positionals[0] !== 'create') {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const email = z.email().safeParse(values.email ?? '');
if (!email.success) {
  console.error(`--email must be an email address. ${usage}`);
  process.exit(2);
}

const read = readLaunchConfig(processEnvironment());
if (!read.ok) {
  console.error(read.error);
  process.exit(1);
}
// The same data directory and secret the dashboard reads.
exportSetting('DATA_DIR', read.config.dataDir);
exportSetting('AUTH_SECRET', read.config.authSecret);

let password = '';
if (process.stdin.isTTY) {
  try {
    password = await promptHidden('Password (at least 12 characters, not shown as you type; leave empty to generate one): ');
  } catch (error) {
    if (!(error instanceof PromptCancelled)) throw error;
    console.error('Cancelled: no admin was created.');
    process.exit(130);
  }
} else {
  password = await readFirstLine();
  console.log(
    password === ''
      ? 'Standard input is not a terminal and held no password: one is generated.'
      : 'Using the password on the first line of standard input.',
  );
}
const generated = password === '';
if (generated) password = randomBytes(15).toString('base64url');
if (password.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(2);
}

const shownOnce = generated ? `\nPassword (shown once, store it now): ${password}` : '';
const name = values.name ?? email.data;
const ranBy = `run by ${osUser()} on ${os.hostname()}`;
const { embeddedStoreHolder } = await import('../lib/db/data-dir-lock');
const runningDashboard = read.config.sharedStore ? null : embeddedStoreHolder(read.config.dataDir);
if (runningDashboard !== null) {
  // The running dashboard owns the embedded store: it adds the admin itself, at the next sign-in page.
  const { queuePendingAdmin } = await import('../lib/auth/pending-admins');
  const { hashPassword } = await import('../lib/credentials/password');
  const { normaliseEmail } = await import('../lib/credentials/email');
  queuePendingAdmin(read.config.dataDir, { email: normaliseEmail(email.data), name, passwordHash: await hashPassword(password), ranBy });
  console.log(
    `Admin ${email.data} handed to the running dashboard (pid ${runningDashboard}); it is added when the sign-in page is next opened.${shownOnce}`,
  );
  process.exit(0);
}
const { createUser } = await import('../lib/auth/users');
const { COMMAND_LINE_ACTOR } = await import('../lib/auth/pending-admins');
const { closeDb } = await import('../lib/db');
try {
  await createUser(
    { email: email.data, name, role: 'admin', password },
    { actor: COMMAND_LINE_ACTOR, action: 'team.admin_create', detail: ranBy },
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
} finally {
  await closeDb();
}
console.log(`Admin ${email.data} created.${shownOnce}`);

/** The account that ran the command, as the system names it. */
function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // No entry for this uid (some containers).
    return processEnvironment().USER ?? `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}
