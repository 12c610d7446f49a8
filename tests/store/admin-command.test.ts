import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { setUpTestStore } from './use-test-store';

await setUpTestStore('admin_command');

const { findUser } = await import('@/lib/auth/users');
const { verifyPassword } = await import('@/lib/credentials/password');
const { listAudit } = await import('@/lib/audit/query');
const { closeDb, getDb } = await import('@/lib/db');
const { importPendingAdmins } = await import('@/lib/auth/pending-admins');

const COMMAND = ['node_modules/.bin/tsx', '--conditions=react-server', 'scripts/admin.ts', 'create'] as const;
const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

type Run = { code: number | null; output: string };

/** Runs `npm run admin -- create` for real against this file's store, with `stdin` piped in. */
function runAdmin(args: string[], stdin: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(COMMAND[0], [...COMMAND.slice(1), ...args], {
      env: { ...process.env, PARTNER_API_URL: '', PARTNER_API_KEY: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

/**
 * Runs the command under a pseudo-terminal (util-linux `script`), typing `typed` once the prompt is
 * shown; `output` is everything the terminal displayed.
 */
function runAdminAtTerminal(args: string[], typed: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const command = [...COMMAND, ...args].map(shellQuote).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { ...process.env, PARTNER_API_URL: '', PARTNER_API_KEY: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let typedYet = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!typedYet && output.includes('Password (')) {
        typedYet = true;
        // Typed once the prompt shows, as a person would: the terminal is in whatever mode the command set.
        child.stdin.write(typed);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const auditOf = async (email: string) => (await listAudit({ action: 'team.admin_create', target: email }, 10, 0)).rows;

describe('npm run admin -- create', () => {
  // The command opens the embedded store itself only while no other process holds it.
  afterEach(closeDb);

  it('takes a piped password from the first line of standard input, says so, and records the new admin in the audit log', async () => {
    const password = 'piped-password-for-ops-1';
    const run = await runAdmin(['--email', 'Piped.Ops@Example.com', '--name', 'Piped Ops'], `${password}\nsecond line ignored\n`);
    expect(run.code, run.output).toBe(0);
    const admin = await findUser('piped.ops@example.com');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(password, admin?.passwordHash ?? '')).toBe(true);
    const [entry] = await auditOf('piped.ops@example.com');
    expect(entry).toMatchObject({ actor: 'command line', outcome: 'ok', target: 'user:piped.ops@example.com' });
    expect(entry?.detail).toMatch(/^run by \S+ on \S+/);

    expect(run.output).toContain('Using the password on the first line of standard input.');
    expect(run.output).toContain('Admin Piped.Ops@Example.com created.');
    expect(run.output).not.toContain(password);
  }, 180_000);

  it('at a terminal, the typed password is not shown, and it is the one set', async () => {
    const password = 'typed-secret-at-the-tty';
    const run = await runAdminAtTerminal(['--email', 'typed.ops@example.com'], `${password}\r`);
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toContain(password);
    expect(run.output).not.toContain('typed-secret');
    expect(run.output).toContain('not shown as you type');
    expect(run.output).toContain('Admin typed.ops@example.com created.');
    const admin = await findUser('typed.ops@example.com');
    expect(await verifyPassword(password, admin?.passwordHash ?? '')).toBe(true);
    expect(await auditOf('typed.ops@example.com')).toHaveLength(1);
  }, 180_000);

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'while a dashboard holds the embedded store, the admin it adds later is in the audit log too',
    async () => {
      // This process opens the store, as a running dashboard would, and holds its lock.
      await getDb();
      const password = 'queued-password-for-ops-1';
      const run = await runAdmin(['--email', 'queued.ops@example.com'], `${password}\n`);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('handed to the running dashboard');
      expect(await findUser('queued.ops@example.com')).toBeUndefined();

      await importPendingAdmins();
      expect(await verifyPassword(password, (await findUser('queued.ops@example.com'))?.passwordHash ?? '')).toBe(true);
      const [entry] = await auditOf('queued.ops@example.com');
      expect(entry).toMatchObject({ actor: 'command line', outcome: 'ok' });
      expect(entry?.detail).toMatch(/^run by \S+ on \S+; added by the running dashboard$/);
    },
    180_000,
  );
});
