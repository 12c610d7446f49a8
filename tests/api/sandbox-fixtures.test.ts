import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../sandbox/cli/main';
import { createControlClient } from '../../sandbox/control-client/client';
import { startSandboxMain, type SandboxMain } from './sandbox-child';

// A fixtures file makes the same accounts (ids, keys, secrets, plans, robots, channels) at every
// start and on every reset, so a test suite begins from one known state.

const TOKEN = 'fixtures-test-admin-token-0123456789';
const root = mkdtempSync(path.join(tmpdir(), 'sandbox-fixtures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const KEY = `pk_live_${'F1xture'.repeat(4)}abcd`;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const FIXTURES = {
  accounts: [
    {
      id: 'acc_fixtureAcme',
      name: 'Acme (fixture)',
      api_key: KEY,
      webhook_secret: SECRET,
      tier: 'professional',
      capacity: 3,
      rate_limit_per_minute: 600,
      roles: ['robot_creation'],
      robots: [
        {
          id: 'rb_fixtureShop',
          name: 'Shop bot',
          external_id: 'shop-1',
          channels: [
            { id: 'ch_fixtureWidget', type: 'widget' },
            { type: 'chat_app', is_active: false, username: 'shop_app' },
          ],
        },
        { id: 'rb_fixtureHelp', name: 'Help bot' },
      ],
    },
    { id: 'acc_fixtureBare', name: 'Bare', api_key: `pk_live_${'B'.repeat(32)}`, webhook_secret: SECRET },
  ],
};

function fixturesFile(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(root, 'file-')), 'fixtures.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function start(dataDir: string, args: string[]): SandboxMain {
  const child = startSandboxMain({ DATA_DIR: dataDir, SANDBOX_ADMIN_TOKEN: TOKEN }, args);
  cleanups.push(child.stop);
  return child;
}

async function robotsOf(url: string, key: string) {
  const response = await fetch(`${url}/v1/robots`, { headers: { Authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      data: { id: string; name: string; external_id: string | null; channels: { id: string; type: string; is_active: boolean }[] }[];
    }
  ).data;
}

async function cli(url: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli([...argv, '--url', url], {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: { SANDBOX_ADMIN_TOKEN: TOKEN },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('fixtures', { timeout: 60_000 }, () => {
  it('makes the file’s accounts with their keys, secrets, plans, robots and channels, again after a restart and after a reset', async () => {
    const dataDir = path.join(root, 'data');
    const file = fixturesFile(FIXTURES);
    const first = start(dataDir, ['--fixtures', file]);
    const url = await first.url;
    expect(first.output()).toContain(`sandbox: 2 fixture account(s) made from ${file}`);

    const robots = await robotsOf(url, KEY);
    expect(robots.map((robot) => robot.id).sort()).toEqual(['rb_fixtureHelp', 'rb_fixtureShop']);
    const shop = robots.find((robot) => robot.id === 'rb_fixtureShop');
    expect(shop).toMatchObject({ name: 'Shop bot', external_id: 'shop-1' });
    expect(shop?.channels).toEqual([
      expect.objectContaining({ id: 'ch_fixtureWidget', type: 'widget', is_active: true }),
      expect.objectContaining({ type: 'chat_app', is_active: false }),
    ]);
    const admin = createControlClient(fetch, url, TOKEN);
    const account = await admin.getAccount('acc_fixtureAcme');
    expect(account.ok && account.body).toMatchObject({
      tier: 'professional',
      capacity: 3,
      rate_limit_per_minute: 600,
      roles: ['robot_creation'],
      webhook_secret: SECRET,
    });

    // What a test run leaves behind: a robot more on the fixture account, and an account of its own.
    expect((await admin.createRobot('acc_fixtureAcme', { name: 'Left behind' })).ok).toBe(true);
    const own = await admin.createAccount({ name: 'Made by a test' });
    if (!own.ok) throw new Error('the account was not made');
    await first.stop();

    // A restart on the same data: the fixture account is as the file says; the other is kept.
    const second = start(dataDir, ['--fixtures', file]);
    const again = await second.url;
    expect((await robotsOf(again, KEY)).map((robot) => robot.name).sort()).toEqual(['Help bot', 'Shop bot']);
    expect((await robotsOf(again, own.body.api_key)).length).toBe(0);

    // A reset: only the fixtures are left, as they were made at start.
    const reset = await cli(again, 'reset', '--yes');
    expect(reset).toMatchObject({ code: 0, stdout: 'reset: 3 accounts deleted, 2 accounts made again from the fixtures' });
    expect((await robotsOf(again, KEY)).map((robot) => robot.id).sort()).toEqual(['rb_fixtureHelp', 'rb_fixtureShop']);
    const listed = await createControlClient(fetch, again, TOKEN).listAccounts();
    expect(listed.ok && listed.body.data.map((a) => a.account_id).sort()).toEqual(['acc_fixtureAcme', 'acc_fixtureBare']);
    const gone = await fetch(`${again}/v1/robots`, { headers: { Authorization: `Bearer ${own.body.api_key}` } });
    expect(gone.status).toBe(401);
  });

  it('refuses a file it cannot take, with one line naming the file and the field, and starts nothing', async () => {
    const cases: [unknown, string][] = [
      ['{ not json', 'is not JSON'],
      [
        { accounts: [{ ...FIXTURES.accounts[1], api_key: 'pk_live_short' }] },
        'accounts.0.api_key must be pk_live_ followed by 32 letters or digits',
      ],
      [{ accounts: [FIXTURES.accounts[1], { ...FIXTURES.accounts[1], api_key: KEY }] }, 'two accounts share an id'],
      [
        { accounts: [{ ...FIXTURES.accounts[0], capacity: 0 }] },
        'could not start: fixture account acc_fixtureAcme: The plan has no free channel slot.',
      ],
    ];
    for (const [index, [content, message]] of cases.entries()) {
      const child = start(path.join(root, `refused-${index}`), ['--fixtures', fixturesFile(content)]);
      // The child's exit rejects its URL with the code and what it printed on stderr.
      await expect(child.url).rejects.toThrow(/exited 1: [^]*/);
      await expect(child.url).rejects.toThrow(message);
    }
    const missing = start(path.join(root, 'missing'), ['--fixtures', path.join(root, 'no-such-file.json')]);
    await expect(missing.url).rejects.toThrow('cannot be read');
  });
});
