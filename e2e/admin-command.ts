import { childEnvironment } from '../lib/config/process-env';
import { spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { E2E } from './e2e-env';

/**
 * Runs `npm run admin -- create` against the running dashboard's data directory, with nothing on
 * standard input, so a password is generated; the dashboard adds the admin at its next sign-in page.
 * Answers the command's output and the password it showed once.
 */
export function createAdminOnCommandLine(email: string, name: string): { stdout: string; password: string } {
  const created = spawnSync(
    'node_modules/.bin/tsx',
    ['--conditions=react-server', 'scripts/admin.ts', 'create', '--email', email, '--name', name],
    {
      env: { ...childEnvironment(), DATA_DIR: E2E.dataDir, PARTNER_API_URL: '', PARTNER_API_KEY: '' },
      encoding: 'utf8',
    },
  );
  expect(created.stdout, created.stderr).toContain('handed to the running dashboard');
  const password = /Password \(shown once, store it now\): (\S+)/.exec(created.stdout)?.[1] ?? '';
  expect(password.length).toBeGreaterThanOrEqual(12);
  return { stdout: created.stdout, password };
}
