import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { packAndInstallSandbox, type InstalledSandbox } from '../../scripts/sandbox-package';
import { startSandboxMain, type SandboxMain } from '../api/sandbox-child';

// The sandbox as an integrator installs it: `npm pack` of sandbox/, the tarball installed in an
// empty folder, its two commands run from there with no TypeScript runner and no repository.

const TOKEN = 'package-test-admin-token-0123456789';
const root = mkdtempSync(path.join(tmpdir(), 'sandbox-package-'));
let installed: InstalledSandbox;
const bin = (name: string) => path.join(installed.dir, 'node_modules', '.bin', name);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

beforeAll(() => {
  installed = packAndInstallSandbox(root);
  // The bench holds the size to its budget; printed here for whoever reads the run.
  console.log(`sandbox package: ${(installed.installedBytes / 1e6).toFixed(1)} MB installed in ${installed.installSeconds.toFixed(0)} s`);
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(args: string[], env: Record<string, string> = {}): SandboxMain {
  const child = startSandboxMain({ DATA_DIR: '', ...env }, args, [bin('partner-api-sandbox')]);
  cleanups.push(child.stop);
  return child;
}

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(bin('partner-api-sandbox-cli'), args, { encoding: 'utf8', env: { ...process.env, SANDBOX_ADMIN_TOKEN: TOKEN } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the sandbox package', { timeout: 60_000 }, () => {
  it('ships compiled JavaScript and its README, no TypeScript, and installs without a TypeScript runner', () => {
    const files = execFileSync('tar', ['-tzf', installed.tarball], { encoding: 'utf8' }).trim().split('\n');
    expect(files).toEqual(
      expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/server.js', 'package/dist/cli.js']),
    );
    expect(files.filter((file) => /\.tsx?$/.test(file))).toEqual([]);
    expect(existsSync(path.join(installed.dir, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(path.join(installed.dir, 'node_modules', 'typescript'))).toBe(false);
  });

  it('starts on host 0.0.0.0 and a free port with its own token; the installed CLI creates an account whose key lists robots', async () => {
    const dataDir = path.join(root, 'data');
    const sandbox = start(['--port', '0', '--host', '0.0.0.0', '--data-dir', dataDir], { SANDBOX_ADMIN_TOKEN: TOKEN });
    const url = await sandbox.url;
    expect(sandbox.output()).toContain('sandbox: bound to 0.0.0.0');
    expect(existsSync(path.join(dataDir, 'sandbox.sqlite'))).toBe(true);

    const created = cli(['accounts', 'create', '--name', 'Installed integration', '--url', url, '--json']);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const account = JSON.parse(created.stdout) as { account_id: string; api_key: string };
    const robots = await fetch(`${url}/v1/robots`, { headers: { Authorization: `Bearer ${account.api_key}` } });
    expect(robots.status).toBe(200);
    expect(await robots.json()).toMatchObject({ data: [] });
  });

  it('refuses to listen beyond loopback without a token set explicitly, and both commands name themselves in their help', () => {
    const refused = spawnSync(bin('partner-api-sandbox'), ['--port', '0', '--host', '0.0.0.0', '--data-dir', path.join(root, 'refused')], {
      encoding: 'utf8',
      env: { ...process.env, SANDBOX_ADMIN_TOKEN: '' },
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('refusing to listen on 0.0.0.0 without SANDBOX_ADMIN_TOKEN');

    const serverHelp = spawnSync(bin('partner-api-sandbox'), ['--help'], { encoding: 'utf8' });
    expect(serverHelp.status).toBe(0);
    expect(serverHelp.stdout).toContain('usage: partner-api-sandbox [--port <n>] [--host <address>] [--data-dir <dir>]');
    const wrong = spawnSync(bin('partner-api-sandbox'), ['--prot', '1'], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--prot');

    const cliHelp = cli(['--help']);
    expect(cliHelp.status).toBe(0);
    expect(cliHelp.stdout).toContain('usage: partner-api-sandbox-cli <command>');
    expect(cli(['clock', 'advnce']).stderr).toContain('run "partner-api-sandbox-cli');
  });
});
