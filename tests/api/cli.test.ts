import { describe, expect, it } from 'vitest';
import { GLOBAL_OPTIONS, GROUPS, runCli } from '../../sandbox/cli/main';
import { ADMIN_TOKEN, setUpSandbox, type Json, type RobotBody } from './support';

const sandbox = setUpSandbox();

/** Runs the command line in process against the test sandbox, capturing its output. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: { SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const at = () => ['--url', sandbox.url];
const robots = (key: string) => sandbox.api<{ data: RobotBody[] }>(key, '/v1/robots');

describe('command line (D23)', () => {
  it('creates an account, printing the key once; the key works on /v1', async () => {
    const result = await cli(
      'accounts',
      'create',
      '--name',
      'CLI partner',
      '--role',
      'social_dm',
      '--webhook-url',
      'http://127.0.0.1:9/hook',
      '--webhook-auth-token',
      'tok',
      '--header',
      'X-Env: dev',
      ...at(),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('not shown again');
    const key = /pk_live_[0-9A-Za-z]{32}/.exec(result.stdout)?.[0] ?? '';
    expect((await robots(key)).status).toBe(200);
    const id = /acc_[0-9A-Za-z]+/.exec(result.stdout)?.[0] ?? '';
    expect(await sandbox.account(id)).toMatchObject({
      roles: ['social_dm'],
      webhook: { url: 'http://127.0.0.1:9/hook', auth_token: 'tok', custom_headers: { 'X-Env': 'dev' } },
    });

    const list = await cli('accounts', 'list', ...at());
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+CLI partner\\s+basic`));
  });

  it('prints raw JSON with --json', async () => {
    const { account_id } = await sandbox.createAccount();
    const result = await cli('accounts', 'show', account_id, '--json', ...at());
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as Json;
    expect(parsed).toMatchObject({ account_id, robots: [] });
  });

  it('rotates a key, sets an expiry that the clock then passes, lapses and renews', async () => {
    const { account_id, api_key } = await sandbox.createAccount();
    const rotated = await cli('keys', 'rotate', account_id, ...at());
    const key = /pk_live_[0-9A-Za-z]{32}/.exec(rotated.stdout)?.[0] ?? '';
    expect((await robots(api_key)).status).toBe(401);
    expect((await robots(key)).status).toBe(200);

    expect((await cli('keys', 'expire', account_id, '--in', '1h', ...at())).code).toBe(0);
    expect((await cli('clock', 'advance', '61m', ...at())).code).toBe(0);
    expect((await robots(key)).status).toBe(401);
    expect((await cli('keys', 'expire', account_id, '--clear', ...at())).code).toBe(0);
    expect((await robots(key)).status).toBe(200);

    const robot = await cli('robots', 'create', account_id, '--name', 'R', '--model', 'enhanced', '--json', ...at());
    const robotId = (JSON.parse(robot.stdout) as { id: string }).id;
    expect((await cli('channels', 'add', robotId, '--type', 'widget', ...at())).code).toBe(0);
    expect((await cli('lapse', account_id, ...at())).stdout).toContain('lapsed');
    expect((await cli('renew', account_id, ...at())).code).toBe(0);
    expect((await robots(key)).body.data[0]?.channels).toEqual([expect.objectContaining({ type: 'widget', is_active: false })]);
  });

  it('grants and revokes roles', async () => {
    const { account_id } = await sandbox.createAccount();
    await cli('roles', 'grant', account_id, 'robot_creation', ...at());
    await cli('roles', 'grant', account_id, 'social_dm', ...at());
    await cli('roles', 'revoke', account_id, 'robot_creation', ...at());
    expect((await sandbox.account(account_id)).roles).toEqual(['social_dm']);
  });

  it('prints the envelope (code, message, request_id) on stderr and exits 1 on an API error', async () => {
    const missing = await cli('accounts', 'show', 'acc_missing', ...at());
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/error: not_found \(HTTP 404\): No such account\./);
    expect(missing.stderr).toMatch(/request_id: req_[0-9A-Za-z]{24}/);

    const invalid = await cli('robots', 'create', 'acc_missing', '--name', 'x', ...at());
    expect(invalid.code).toBe(1);
    const { account_id } = await sandbox.createAccount();
    const bad = await cli('channels', 'add', (await sandbox.createRobot(account_id)).id, '--type', 'messenger_bot', ...at());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('validation_failed');
    expect(bad.stderr).toContain('type: must be a panel-only type');

    const wrongToken = await cli('clock', 'show', '--token', 'not-the-admin-token', ...at());
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('invalid_key');

    const down = await cli('clock', 'show', '--url', 'http://127.0.0.1:1');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('could not reach the sandbox');
  });

  it('refuses a wrong command line with exit 2 and a pointer to --help', async () => {
    for (const argv of [
      ['nope'],
      ['accounts', 'nope'],
      ['accounts', 'create', '--bogus'],
      ['accounts', 'show'],
      ['keys', 'expire', 'acc_x'],
      ['clock', 'advance', 'soon'],
    ]) {
      const result = await cli(...argv, ...at());
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr, argv.join(' ')).toMatch(/--help/);
    }
  });

  it('shows help for the program and for each command', async () => {
    const overview = await cli('--help');
    expect(overview.code).toBe(0);
    expect(overview.stdout).toContain('webhook rotate-secret <account_id>');
    const help = await cli('channels', 'add', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run sandbox:cli -- channels add <robot_id> [options]');
    expect(help.stdout).toContain('--inactive');
  });

  it('never reuses a global option name in a command (it would shadow --url or --token)', () => {
    for (const entry of Object.values(GROUPS)) {
      const commands = 'run' in entry ? [entry] : Object.values(entry);
      for (const command of commands)
        for (const name of Object.keys(command.options ?? {})) expect(Object.keys(GLOBAL_OPTIONS)).not.toContain(name);
    }
  });
});
