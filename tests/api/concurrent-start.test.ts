import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../sandbox/control-client/client';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { migrate, migrations } from '../../sandbox/store/migrations';
import { startSandboxChild, type SandboxChild } from './sandbox-child';
import { ADMIN_TOKEN, expectAnswer } from './support';

// Two sandboxes starting on one data directory at once (docs/sandbox/security.md): migrations run
// once, the key HMAC secret (D5) is the same for both, and a key made through either works on both.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-shared-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A key created through `one` lists robots on `other`, and the other way round. */
async function expectKeysWorkAcross(one: string, other: string): Promise<void> {
  for (const [creator, user] of [
    [one, other],
    [other, one],
  ] as const) {
    const { api_key } = expectAnswer(await createControlClient(fetch, creator, ADMIN_TOKEN).createAccount({ name: 'Shared' }), 201);
    const response = await fetch(`${user}/v1/robots`, { headers: { Authorization: `Bearer ${api_key}` } });
    expect(response.status, `key from ${creator} on ${user}`).toBe(200);
  }
}

/** A sandbox child process on `dir`, stopped after the test. */
function startChild(dir: string): SandboxChild {
  const child = startSandboxChild(dir);
  cleanups.push(child.stop);
  return child;
}

describe('two sandboxes starting on one data directory', () => {
  it('in one process (Promise.all): both serve, and a key made through either works on both', async () => {
    const dir = dataDir();
    const options = { port: 0, dataDir: dir, adminToken: ADMIN_TOKEN, log: () => {} };
    const both: RunningSandbox[] = await Promise.all([startSandbox(options), startSandbox(options)]);
    for (const running of both) cleanups.push(() => running.close());
    await expectKeysWorkAcross(both[0]?.url ?? '', both[1]?.url ?? '');
  });

  // The test holds the write lock while both processes start, so both read the directory before
  // either may write, then contend for the lock: whatever each read must be read again once it holds it.
  it.each([
    ['a fresh directory: both race on the migrations', false],
    ['a migrated directory without a key secret: both race to make it', true],
  ])('in two processes, %s; both start and agree', { timeout: 60_000 }, async (_, premigrated) => {
    const dir = dataDir();
    const holder = new Database(path.join(dir, 'sandbox.sqlite'));
    cleanups.push(() => {
      holder.close();
    });
    holder.pragma('journal_mode = WAL');
    if (premigrated) migrate(holder);
    holder.exec('BEGIN IMMEDIATE');
    const children = [startChild(dir), startChild(dir)];
    await Promise.all(children.map((child) => child.started));
    // Both are now opening the store, where a writer waits up to busy_timeout (5 s) for the lock.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    holder.exec('COMMIT');
    const [first, second] = await Promise.all(children.map((child) => child.url));
    await expectKeysWorkAcross(first ?? '', second ?? '');
    expect(holder.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(holder.prepare("SELECT value FROM settings WHERE key = 'key_hmac_secret'").all()).toHaveLength(1);
  });
});
