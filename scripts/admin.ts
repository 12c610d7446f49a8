/**
 * `npm run admin -- create --email you@example.com [--name "Your Name"]`: creates an admin of the
 * dashboard, the way the first one comes to exist against a real service (no demo users there).
 * The password is read from the terminal, or generated and shown once when none is typed (or when
 * standard input is not a terminal).
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readLaunchConfig } from './launch-config';

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

const read = readLaunchConfig(process.env);
if (!read.ok) {
  console.error(read.error);
  process.exit(1);
}
// The same data directory and secret the dashboard reads.
process.env.DATA_DIR = read.config.dataDir;
process.env.AUTH_SECRET = read.config.authSecret;

let password = '';
if (process.stdin.isTTY) {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  password = (await terminal.question('Password (at least 12 characters; leave empty to generate one): ')).trim();
  terminal.close();
}
const generated = password === '';
if (generated) password = randomBytes(15).toString('base64url');
if (password.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(2);
}

const shownOnce = generated ? `\nPassword (shown once, store it now): ${password}` : '';
const name = values.name ?? email.data;
const { embeddedStoreHolder } = await import('../lib/db/data-dir-lock');
const runningDashboard = process.env.DATABASE_URL ? null : embeddedStoreHolder(read.config.dataDir);
if (runningDashboard !== null) {
  // The running dashboard owns the embedded store: it adds the admin itself, at the next sign-in page.
  const { queuePendingAdmin } = await import('../lib/auth/pending-admins');
  const { hashPassword } = await import('../lib/auth/password');
  const { normaliseEmail } = await import('../lib/auth/users');
  queuePendingAdmin(read.config.dataDir, { email: normaliseEmail(email.data), name, passwordHash: await hashPassword(password) });
  console.log(
    `Admin ${email.data} handed to the running dashboard (pid ${runningDashboard}); it is added when the sign-in page is next opened.${shownOnce}`,
  );
  process.exit(0);
}
const { createUser } = await import('../lib/auth/users');
const { closeDb } = await import('../lib/db');
try {
  await createUser({ email: email.data, name, role: 'admin', password });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
} finally {
  await closeDb();
}
console.log(`Admin ${email.data} created.${shownOnce}`);
