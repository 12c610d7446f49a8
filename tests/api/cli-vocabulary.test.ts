import { describe, expect, it } from 'vitest';
import type { Command, OptionSpec } from '../../sandbox/cli/command';
import { GROUPS } from '../../sandbox/cli/main';
import { setUpSandbox } from './support';

const sandbox = setUpSandbox();

/** Every command with its full name (`faults add`, `reset`) and its options. */
function everyCommand(): { name: string; options: Record<string, OptionSpec> }[] {
  return Object.entries(GROUPS).flatMap(([group, entry]) =>
    typeof (entry as Command).run === 'function'
      ? [{ name: group, options: (entry as Command).options ?? {} }]
      : Object.entries(entry as Record<string, Command>).map(([sub, command]) => ({
          name: `${group} ${sub}`,
          options: command.options ?? {},
        })),
  );
}

describe('one option vocabulary on the command line', () => {
  it('gives an option name one meaning on every command that takes it', () => {
    const meanings = new Map<string, Map<string, string[]>>();
    for (const { name, options } of everyCommand()) {
      for (const [option, spec] of Object.entries(options)) {
        const meaning = `${spec.type} <${spec.value ?? ''}>${spec.aliasOf ? ` = --${spec.aliasOf}` : ''}`;
        const byMeaning = meanings.get(option) ?? new Map<string, string[]>();
        byMeaning.set(meaning, [...(byMeaning.get(meaning) ?? []), name]);
        meanings.set(option, byMeaning);
      }
    }
    const split = [...meanings]
      .filter(([, byMeaning]) => byMeaning.size > 1)
      .map(([option, byMeaning]) => [option, Object.fromEntries(byMeaning)]);
    expect(split).toEqual([]);
  });

  it('keeps a second name only beside the option it stands for, taking the same value', () => {
    for (const { name, options } of everyCommand()) {
      for (const [option, spec] of Object.entries(options)) {
        if (!spec.aliasOf) continue;
        const target = options[spec.aliasOf];
        expect(target, `${name} --${option}`).toBeDefined();
        expect(target?.aliasOf, `${name} --${option}`).toBeUndefined();
        expect(target?.value, `${name} --${option}`).toBe(spec.value);
      }
    }
  });

  it('takes every span of time as a duration, never as bare seconds', () => {
    const inSeconds = everyCommand().flatMap(({ name, options }) =>
      Object.entries(options)
        .filter(([, spec]) => spec.value === 'seconds')
        .map(([option]) => `${name} --${option}`),
    );
    expect(inSeconds).toEqual([]);
  });

  it('paces the simulator and a fault’s Retry-After with durations, and refuses a part of a second', async () => {
    const { account_id } = await sandbox.createAccount();
    const paced = await sandbox.cli('simulator', 'start', account_id, '--interval', '1m30s', '--json');
    expect(paced.code, paced.stderr).toBe(0);
    expect(JSON.parse(paced.stdout)).toMatchObject({ account_id, enabled: true, interval_seconds: 90 });
    expect((await sandbox.cli('simulator', 'stop', account_id)).code).toBe(0);

    const fault = await sandbox.cli(
      'faults',
      'add',
      '--path-prefix',
      '/v1/robots',
      '--status',
      '429',
      '--retry-after',
      '2m',
      '--account',
      account_id,
      '--json',
    );
    expect(fault.code, fault.stderr).toBe(0);
    expect(JSON.parse(fault.stdout)).toMatchObject({ status: 429, retry_after: 120 });
    expect((await sandbox.cli('faults', 'clear')).code).toBe(0);

    const part = await sandbox.cli('faults', 'add', '--path-prefix', '/v1/robots', '--status', '429', '--retry-after', '1.5s');
    expect(part.code).toBe(2);
    expect(part.stderr).toContain('--retry-after must be whole seconds, got "1.5s"');
    const bad = await sandbox.cli('simulator', 'start', account_id, '--interval', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"soon" is not a duration');
  });

  it('names a channel type --channel-type everywhere; channels add also takes its older --type, but not both', async () => {
    const { account_id } = await sandbox.createAccount();
    const robot = await sandbox.createRobot(account_id);
    const added = await sandbox.cli('channels', 'add', robot.id, '--channel-type', 'widget', '--json');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ type: 'widget' });
    const older = await sandbox.cli('channels', 'add', robot.id, '--type', 'chat_app', '--inactive', '--json');
    expect(older.code, older.stderr).toBe(0);
    expect(JSON.parse(older.stdout)).toMatchObject({ type: 'chat_app', is_active: false });
    const both = await sandbox.cli('channels', 'add', robot.id, '--channel-type', 'widget', '--type', 'widget');
    expect(both.code).toBe(2);
    const none = await sandbox.cli('channels', 'add', robot.id);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--channel-type is required');
  });
});
