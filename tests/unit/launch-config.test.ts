import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLaunchConfig } from '@/lib/config/launch';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'launch-'));

describe('readLaunchConfig', () => {
  it('defaults to the sandbox and generates secrets it keeps', () => {
    const dir = tmp();
    const first = readLaunchConfig({ DATA_DIR: dir });
    const second = readLaunchConfig({ DATA_DIR: dir });
    if (!first.ok || !second.ok) throw new Error('expected ok');
    expect(first.config.port).toBe(3000);
    expect(first.config.sandboxPort).toBe(4010);
    expect(first.config.realService).toBeNull();
    expect(first.config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.config.authSecret).toBe(first.config.authSecret);
    expect(second.config.sandboxAdminToken).toBe(first.config.sandboxAdminToken);
  });
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ SANDBOX_PORT: '70000' }, 'SANDBOX_PORT'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SANDBOX_ADMIN_TOKEN: 'x' }, 'SANDBOX_ADMIN_TOKEN'],
    [{ PARTNER_API_URL: 'https://api.example.com' }, 'PARTNER_API_KEY'],
    [{ PARTNER_API_KEY: 'pk_live_abcdefghijkl' }, 'PARTNER_API_URL'],
    [{ PARTNER_API_URL: 'ftp://x', PARTNER_API_KEY: 'pk_live_abcdefghijkl' }, 'PARTNER_API_URL'],
    [{ PORT: '4010' }, 'SANDBOX_PORT'],
  ])('stops with one line naming the bad setting for %o', (env, name) => {
    const read = readLaunchConfig({ DATA_DIR: tmp(), ...env });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toContain(name);
    expect(read.error.split('\n')).toHaveLength(1);
  });
  it('uses a real service when both URL and key are set', () => {
    const read = readLaunchConfig({
      DATA_DIR: tmp(),
      PARTNER_API_URL: 'https://api.example.com/',
      PARTNER_API_KEY: 'pk_live_abcdefghijkl',
    });
    if (!read.ok) throw new Error(read.error);
    expect(read.config.realService).toEqual({ url: 'https://api.example.com', apiKey: 'pk_live_abcdefghijkl' });
  });
});
