import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationSeconds, UsageError } from '../../sandbox/cli/command';
import { expectAnswer, setUpSandbox } from './support';

const sandbox = setUpSandbox();

const cli = (...argv: string[]) => sandbox.cli(...argv);

const offset = async () => expectAnswer(await sandbox.admin.clock(), 200).offset_seconds;

describe('command line durations', () => {
  it('reads single and compound durations, largest unit first', () => {
    const cases: [string, number][] = [
      ['90', 90],
      ['90s', 90],
      ['15m', 900],
      ['2h30m', 9000],
      ['1d2h', 93_600],
      ['150m', 9000],
      ['1h0m30s', 3630],
      ['1.5h', 5400],
      [' 2h ', 7200],
    ];
    for (const [text, seconds] of cases) expect(durationSeconds(text), text).toBe(seconds);
    for (const text of ['', 'h', '2x', '30m2h', '2h2h', '-5m', '2h 30m', '2h30', '1e3s', 'soon'])
      expect(() => durationSeconds(text), text).toThrow(UsageError);
  });

  it('advances the sandbox clock by 2h30m, and refuses a bad duration with exit 2 and the forms it takes', async () => {
    const before = await offset();
    const done = await cli('clock', 'advance', '2h30m');
    expect(done.code, done.stderr).toBe(0);
    expect((await offset()) - before).toBe(9000);

    const bad = await cli('clock', 'advance', '30m2h');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"30m2h" is not a duration: use e.g. 90, 90s, 15m, 2h30m, 1d2h or 150m');
    expect(bad.stderr).toContain('run "npm run sandbox:cli -- clock advance --help" for usage');
    expect(await offset()).toBe(before + 9000);
  });

  it('names the program as package.json runs it, in help and in errors', async () => {
    const scripts = (JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts['sandbox:cli']).toBe('tsx sandbox/cli/main.ts');
    const unknown = await cli('nope');
    expect(unknown.stderr).toContain('run "npm run sandbox:cli -- --help" for the commands');
    const overview = await cli('--help');
    expect(overview.stdout).toContain('usage: npm run sandbox:cli -- <command>');
    expect(`${overview.stdout}${unknown.stderr}`).not.toContain('sandbox-cli');
  });
});

describe('webhook token option names', () => {
  it('takes --auth-token on accounts create and --webhook-auth-token on webhook set, but not both at once', async () => {
    const created = await cli('accounts', 'create', '--name', 'Alias', '--webhook-url', 'http://127.0.0.1:9/hook', '--auth-token', 'one');
    expect(created.code, created.stderr).toBe(0);
    const id = /acc_[0-9A-Za-z]+/.exec(created.stdout)?.[0] ?? '';
    expect((await sandbox.account(id)).webhook).toMatchObject({ auth_token: 'one' });

    const set = await cli('webhook', 'set', id, '--webhook-url', 'http://127.0.0.1:9/other', '--webhook-auth-token', 'two');
    expect(set.code, set.stderr).toBe(0);
    expect((await sandbox.account(id)).webhook).toMatchObject({ url: 'http://127.0.0.1:9/other', auth_token: 'two' });

    const both = await cli('webhook', 'set', id, '--webhook-url', 'http://127.0.0.1:9/x', '--auth-token', 'a', '--webhook-auth-token', 'b');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--auth-token and --webhook-auth-token are the same option');
    const none = await cli('webhook', 'set', id, '--webhook-url', 'http://127.0.0.1:9/x');
    expect(none.code).toBe(2);
    expect((await sandbox.account(id)).webhook).toMatchObject({ auth_token: 'two' });
  });
});
