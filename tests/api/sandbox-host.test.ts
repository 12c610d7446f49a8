import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostRefusal, isLoopback, readEnv } from '../../sandbox/env';
import { startSandboxMain, type SandboxMain } from './sandbox-child';

// `npm run sandbox` listens where HOST (or --host) says; beyond loopback only with a token the
// operator set, never the one it would generate into DATA_DIR.

const TOKEN = 'host-test-admin-token-0123456789';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-host-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function start(env: Record<string, string>, args: string[] = []): SandboxMain {
  const child = startSandboxMain({ DATA_DIR: dataDir(), ...env }, args);
  cleanups.push(child.stop);
  return child;
}

/** This machine's first non-internal IPv4 address, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
}

const health = async (url: string) => (await fetch(`${url}/sandbox/health`)).status;

describe('where the standalone sandbox listens', { timeout: 60_000 }, () => {
  it('listens on 0.0.0.0 with an explicit admin token, reachable beyond loopback', async () => {
    const child = start({ HOST: '0.0.0.0', SANDBOX_ADMIN_TOKEN: TOKEN });
    const url = await child.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(child.output()).toContain('sandbox: bound to 0.0.0.0');
    expect(await health(url)).toBe(200);
    const outside = outsideAddress();
    if (outside !== undefined) expect(await health(url.replace('127.0.0.1', outside))).toBe(200);
    const control = await fetch(`${url}/sandbox/api/accounts`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(control.status).toBe(200);
  });

  it('takes --host over HOST', async () => {
    const child = start({ HOST: '127.0.0.1', SANDBOX_ADMIN_TOKEN: TOKEN }, ['--host', '0.0.0.0']);
    const url = await child.url;
    expect(child.output()).toContain('sandbox: bound to 0.0.0.0');
    const outside = outsideAddress();
    if (outside !== undefined) expect(await health(url.replace('127.0.0.1', outside))).toBe(200);
  });

  it('refuses to start beyond loopback without SANDBOX_ADMIN_TOKEN, generating nothing', () => {
    for (const host of ['0.0.0.0', '::']) {
      const dir = dataDir();
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', HOST: host, DATA_DIR: dir, SANDBOX_PORT: '0' },
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`refusing to listen on ${host} without SANDBOX_ADMIN_TOKEN`);
      expect(run.stdout).not.toContain('listening');
      expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    }
  });

  it('stays on loopback by default, with the kept token as before', async () => {
    const child = start({});
    const url = await child.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(child.output()).not.toContain('bound to');
    const outside = outsideAddress();
    if (outside !== undefined) await expect(fetch(`${url.replace('127.0.0.1', outside)}/sandbox/health`)).rejects.toThrow();
  });

  it('counts only loopback addresses as loopback', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.5', 'example.test', 'localhost.example'])
      expect(isLoopback(host)).toBe(false);
    const env = (source: Record<string, string>) => {
      const read = readEnv(source);
      if (!read.ok) throw new Error(read.message);
      return read.env;
    };
    expect(hostRefusal(env({ HOST: '::1' }))).toBeUndefined();
    expect(hostRefusal(env({ HOST: '10.0.0.1', SANDBOX_ADMIN_TOKEN: TOKEN }))).toBeUndefined();
    expect(hostRefusal(env({ HOST: '10.0.0.1' }))).toMatch(/SANDBOX_ADMIN_TOKEN/);
    expect(readEnv({ HOST: 'a b' })).toMatchObject({ ok: false, message: expect.stringContaining('HOST') });
  });
});
