import { describe, expect, it } from 'vitest';
import type { Command } from '../../sandbox/cli/command';
import { GROUPS, runCli } from '../../sandbox/cli/main';
import { setUpSandbox } from './support';

// Every operation of the control API has a command: each command is run against a stand-in that
// records the request it sends (and answers 404, so the command ends there with exit 1), and the
// requests together must cover every operation the control API's own OpenAPI document lists.

const sandbox = setUpSandbox();

/** What each command needs beyond placeholders for its arguments, to get past its own checks. */
const EXTRA: Record<string, string[]> = {
  'accounts create': ['--name', 'n'],
  'accounts delete': ['--yes'],
  'accounts update': ['--name', 'n'],
  'keys expire': ['--clear'],
  'webhook set': ['--webhook-url', 'http://127.0.0.1:9/hook', '--auth-token', 't'],
  'robots create': ['--name', 'n'],
  'robots update': ['--name', 'n'],
  'channels add': ['--channel-type', 'widget'],
  'rules add': ['--rule', '{}'],
  'conversations create': ['--message', 'client: hi'],
  'conversations add': ['--message', 'ai: hello'],
  'faults add': ['--path-prefix', '/v1/robots', '--status', '503'],
  reset: ['--yes'],
  listen: ['--forward-to', 'http://127.0.0.1:3000/hook'],
};
const ARGUMENT: Record<string, string> = { duration: '1h', role: 'social_dm' };
/** Commands that reach a second operation with an option: each is run that way too. */
const ALSO: Record<string, string[]> = {
  'clock show': ['--account', 'acc_x'],
  'clock advance': ['--account', 'acc_x'],
};

/** The answer of a refusing sandbox, and what the CLI reports of it. */
const REFUSAL = { error: { code: 'not_found', message: 'recorded', request_id: 'req_x', details: {} } };
const refused404 = () => Response.json(REFUSAL, { status: 404 });

const isCommand = (entry: Record<string, Command> | Command): entry is Command => typeof (entry as Command).run === 'function';
const commands = Object.entries(GROUPS).flatMap(([group, entry]) =>
  isCommand(entry) ? [[group, entry] as const] : Object.entries(entry).map(([sub, command]) => [`${group} ${sub}`, command] as const),
);

/** Each command with placeholder arguments, and again with the option that reaches its second operation. */
function commandRuns(): (readonly [string, string[]])[] {
  return commands.flatMap(([name, command]) => {
    const argv = [
      ...name.split(' '),
      ...(command.args ?? []).map((arg) => ARGUMENT[arg] ?? `${arg.replace(/_id$/, '')}_x`),
      ...(EXTRA[name] ?? []),
    ];
    const also = ALSO[name];
    return also === undefined
      ? [[name, argv] as const]
      : [[name, argv] as const, [`${name} ${also.join(' ')}`, [...argv, ...also]] as const];
  });
}

describe('the command line covers the control API', () => {
  it('has a command for every operation of the control API', async () => {
    const document = await sandbox.control<{ paths: Record<string, Record<string, unknown>> }>('GET', '/sandbox/api/openapi.json');
    const operations = Object.entries(document.body.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => ({ operation: `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), template })),
    );
    const matches = (method: string, path: string) =>
      operations.find((op) => op.method === method && new RegExp(`^${op.template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))?.operation;

    const covered = new Set<string>();
    const refused: string[] = [];
    const runs = commandRuns();
    for (const [name, argv] of runs) {
      const sent: string[] = [];
      const code = await runCli([...argv, '--url', 'http://sandbox.test'], {
        stdout: () => {},
        stderr: (text) => sent.push(`stderr: ${text}`),
        env: { SANDBOX_ADMIN_TOKEN: 'recording-token-0123456789' },
        fetch: (url, init) => {
          const { pathname } = new URL(url);
          const operation = matches(init.method ?? 'GET', pathname);
          if (operation === undefined) sent.push(`not in the document: ${init.method} ${pathname}`);
          else covered.add(operation);
          return Promise.resolve(refused404());
        },
      });
      if (code !== 1 || sent.some((line) => line.startsWith('not in the document')))
        refused.push(`${name} (exit ${code}): ${sent.join('; ')}`);
    }
    expect(refused).toEqual([]);
    expect(operations.map((op) => op.operation).filter((operation) => !covered.has(operation))).toEqual([]);
  });

  // `listen` streams one JSON line per delivery with --json until stopped: tests/api/cli-events.test.ts.
  it('prints the JSON answer with --json on every command, whatever its shape, and the error as JSON when refused', async () => {
    const answer = { recorded: true, data: [{ id: 'x_1' }] };
    const wrong: string[] = [];
    for (const [name, argv] of commandRuns().filter(([name]) => name !== 'listen')) {
      for (const refusing of [false, true]) {
        const stdout: string[] = [];
        const stderr: string[] = [];
        const code = await runCli([...argv, '--json', '--url', 'http://sandbox.test'], {
          stdout: (text) => stdout.push(text),
          stderr: (text) => stderr.push(text),
          env: { SANDBOX_ADMIN_TOKEN: 'recording-token-0123456789' },
          fetch: () => Promise.resolve(refusing ? refused404() : Response.json(answer)),
        });
        const printed = (refusing ? stderr : stdout).join('');
        let parsed: unknown;
        try {
          parsed = JSON.parse(printed);
        } catch {
          parsed = undefined;
        }
        // A command that combines answers (accounts show) adds to the answer; each carries it whole.
        const carried = refusing
          ? JSON.stringify(parsed) === JSON.stringify({ error: { status: 404, ...REFUSAL.error } })
          : JSON.stringify(parsed).includes(JSON.stringify(answer.data));
        if (code !== (refusing ? 1 : 0) || !carried || (refusing ? stdout : stderr).length > 0)
          wrong.push(`${name}${refusing ? ' (refused)' : ''}: exit ${code}, stdout ${stdout.join('')}, stderr ${stderr.join('')}`);
      }
      // Without --json the same answer still prints (as JSON after a note where the text cannot show it).
      const shown: string[] = [];
      const code = await runCli([...argv, '--url', 'http://sandbox.test'], {
        stdout: (text) => shown.push(text),
        stderr: () => {},
        env: { SANDBOX_ADMIN_TOKEN: 'recording-token-0123456789' },
        fetch: () => Promise.resolve(Response.json(answer)),
      });
      if (code !== 0 || shown.join('') === '') wrong.push(`${name} (as text): exit ${code}, stdout ${shown.join('')}`);
    }
    expect(wrong).toEqual([]);
  });
});
