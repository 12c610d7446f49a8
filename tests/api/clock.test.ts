import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandboxContext } from '../../sandbox/server';
import { setUpSandbox, type ErrorBody, type RobotBody } from './support';

const sandbox = setUpSandbox();

describe('sandbox clock (D22)', () => {
  it('advances by the given seconds and reports the new now', async () => {
    const before = await sandbox.now();
    const now = new Date(await sandbox.advanceClock(3600));
    const drift = now.getTime() - before.getTime() - 3_600_000;
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(5_000);
    const read = await sandbox.control<{ now: string; offset_seconds: number }>('GET', '/sandbox/api/clock');
    expect(read.body.offset_seconds).toBeGreaterThanOrEqual(3600);
  });

  it("states its time in every answer's Date header, so a client can follow an advance", async () => {
    await sandbox.advanceClock(7200);
    const now = (await sandbox.now()).getTime();
    const health = await fetch(`${sandbox.url}/sandbox/health`);
    const stated = Date.parse(health.headers.get('date') ?? '');
    // Date has whole seconds.
    expect(Math.abs(stated - now)).toBeLessThan(3_000);
    expect(stated - Date.now()).toBeGreaterThan(7_000_000);
  });

  it('only moves forward', async () => {
    for (const seconds of [-5, 0, 'ten']) {
      const result = await sandbox.control<ErrorBody>('POST', '/sandbox/api/clock/advance', { seconds });
      expect(result.status).toBe(422);
      expect(result.body.error.code).toBe('validation_failed');
    }
  });

  it('runs registered due work after an advance, with the advanced time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-clock-'));
    const ctx = createSandboxContext(dir, () => {});
    try {
      const seen: number[] = [];
      ctx.scheduler.register('probe', (now) => {
        seen.push(now.getTime());
      });
      const target = ctx.clock.nowMs() + 7_200_000;
      await ctx.clock.advance(7200);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBeGreaterThanOrEqual(target);
    } finally {
      await ctx.scheduler.stop();
      ctx.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('persistence', () => {
  it('keeps accounts, robots, keys and the clock offset across a restart', async () => {
    const account = await sandbox.createAccount({ name: 'Durable', rate_limit_per_minute: 50 });
    const robot = await sandbox.createRobot(account.account_id, { name: 'Kept', channels: [{ type: 'widget' }] });
    await sandbox.advanceClock(86_400);
    const before = await sandbox.now();

    await sandbox.restart();

    const after = await sandbox.now();
    expect(after.getTime()).toBeGreaterThanOrEqual(before.getTime());
    const listed = await sandbox.api<{ data: RobotBody[] }>(account.api_key, '/v1/robots');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([robot]);
    expect(listed.headers.get('ratelimit-limit')).toBe('50');
  });
});

describe('sandbox/main.ts settings', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 15_000,
    });

  // Without a token the sandbox makes one and keeps it in DATA_DIR (sandbox-kept-token.test.ts).
  it('exits 1 with one line naming a malformed port or short token', () => {
    const port = run({ SANDBOX_ADMIN_TOKEN: 'x'.repeat(20), SANDBOX_PORT: 'eighty' });
    expect(port.status).toBe(1);
    expect(port.stderr.trim().split('\n')).toHaveLength(1);
    expect(port.stderr).toContain('SANDBOX_PORT');
    const short = run({ SANDBOX_ADMIN_TOKEN: 'short' });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('SANDBOX_ADMIN_TOKEN');
  });
});
