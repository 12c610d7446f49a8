import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLaunchConfig } from '../../lib/config/launch';
import { startSandboxMain, type SandboxMain } from './sandbox-child';

// `npm run sandbox` without SANDBOX_ADMIN_TOKEN does what the README's configuration table says:
// the token is generated and kept in DATA_DIR/secrets.json, in the file the dashboard's launcher
// keeps its own secrets in, so either program can start first on one data directory.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-kept-token-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function start(dir: string): SandboxMain {
  const child = startSandboxMain({ DATA_DIR: dir });
  cleanups.push(child.stop);
  return child;
}

/** The control API's answer to listing accounts with `token` (none: no Authorization header). */
async function listAccounts(url: string, token?: string): Promise<number> {
  const response = await fetch(`${url}/sandbox/api/accounts`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return response.status;
}

const keptToken = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { sandboxAdminToken: string }).sandboxAdminToken;

describe('the standalone sandbox without SANDBOX_ADMIN_TOKEN', { timeout: 60_000 }, () => {
  it('generates a token, keeps it (mode 600) in DATA_DIR/secrets.json, says where, and the control API takes only it', async () => {
    const dir = dataDir();
    const sandbox = start(dir);
    const url = await sandbox.url;
    const file = path.join(dir, 'secrets.json');

    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = keptToken(dir);
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(sandbox.output()).toContain(file);
    expect(sandbox.output()).not.toContain(token);

    expect(await listAccounts(url, token)).toBe(200);
    expect(await listAccounts(url)).toBe(401);
    expect(await listAccounts(url, `${token}x`)).toBe(401);

    // The launcher reads the same file and hands the same token to the sandbox it starts.
    const launch = readLaunchConfig({ DATA_DIR: dir });
    expect(launch.ok && launch.config.sandboxAdminToken).toBe(token);
  });

  it('keeps the token across restarts', async () => {
    const dir = dataDir();
    const first = start(dir);
    await first.url;
    const token = keptToken(dir);
    await first.stop();

    const url = await start(dir).url;
    expect(keptToken(dir)).toBe(token);
    expect(await listAccounts(url, token)).toBe(200);
  });

  it('uses the token of a secrets file the launcher wrote', async () => {
    const dir = dataDir();
    const launch = readLaunchConfig({ DATA_DIR: dir });
    if (!launch.ok) throw new Error(launch.error);
    const url = await start(dir).url;
    expect(await listAccounts(url, launch.config.sandboxAdminToken)).toBe(200);
    expect(await listAccounts(url)).toBe(401);
  });

  it('refuses to start on a secrets file neither program wrote, naming it', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'secrets.json'), '{"sandboxAdminToken":"short"}');
    const sandbox = start(dir);
    await expect(sandbox.url).rejects.toThrow(/secrets\.json is not a secrets file/);
  });
});
