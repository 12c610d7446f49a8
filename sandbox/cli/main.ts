import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createControlClient, issuesOf, type ControlError, type FetchLike } from '../control-client/client';
import { foldAliases, UsageError, type Command, type OptionSpec } from './command';
import { ownEntry } from '../own-entry';
import { PROGRAM_NAMES } from '../program-names';
import { accountCommands, keyCommands, lapseCommand, roleCommands } from './commands/accounts';
import { channelCommands, robotCommands, webhookCommands } from './commands/robots';
import { attachmentCommands, conversationCommands, handshakeCommands, ruleCommands } from './commands/conversations';
import { faultCommands, outageCommands } from './commands/faults';
import { clockCommands, historyCommands, requestsCommand, resetCommand, simulatorCommands } from './commands/system';
import { listenCommand, triggerCommand } from './commands/events';

/**
 * The sandbox command line (D23): the panel's operations over HTTP through the control API (D24)
 * of a running sandbox. Exit codes: 0 done, 1 the sandbox answered an error or could not be
 * reached, 2 the command line itself is wrong.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  fetch?: FetchLike;
  /** Stops a long-running command (`listen`); the process wires it to Ctrl-C. */
  signal?: AbortSignal;
}

// Help and errors name a command that exists: the installed package's, or package.json's script here.
const PROGRAM = PROGRAM_NAMES.cli;

export const GROUPS: Record<string, Record<string, Command> | Command> = {
  accounts: accountCommands,
  keys: keyCommands,
  roles: roleCommands,
  lapse: lapseCommand(true),
  renew: lapseCommand(false),
  webhook: webhookCommands,
  robots: robotCommands,
  channels: channelCommands,
  handshakes: handshakeCommands,
  rules: ruleCommands,
  conversations: conversationCommands,
  attachments: attachmentCommands,
  history: historyCommands,
  simulator: simulatorCommands,
  clock: clockCommands,
  faults: faultCommands,
  outage: outageCommands,
  reset: resetCommand,
  requests: requestsCommand,
  log: { ...requestsCommand, summary: 'the same as "requests"' },
  trigger: triggerCommand,
  listen: listenCommand,
};

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  url: { type: 'string', value: 'url', description: 'sandbox base URL (default http://127.0.0.1:$SANDBOX_PORT, port 4010)' },
  token: { type: 'string', value: 'token', description: 'admin token (default $SANDBOX_ADMIN_TOKEN)' },
  json: { type: 'boolean', description: 'print the raw JSON answer' },
  help: { type: 'boolean', description: 'show help' },
};

const isCommand = (entry: Record<string, Command> | Command): entry is Command => typeof (entry as Command).run === 'function';

function optionLines(options: Record<string, OptionSpec>): string[] {
  return Object.entries(options).map(([name, spec]) => `  --${name}${spec.value ? ` <${spec.value}>` : ''}`.padEnd(44) + spec.description);
}

const argList = (command: Command) => (command.args ?? []).map((arg) => ` <${arg}>`).join('');

function commandHelp(name: string, command: Command): string {
  const args = argList(command);
  return [
    `usage: ${PROGRAM} ${name}${args}${command.options ? ' [options]' : ''}`,
    '',
    command.summary,
    ...(command.options ? ['', 'options:', ...optionLines(command.options)] : []),
    '',
    'global options:',
    ...optionLines(GLOBAL_OPTIONS),
    ...(command.notes ? ['', ...command.notes] : []),
  ].join('\n');
}

function overview(): string {
  const lines = [`usage: ${PROGRAM} <command> [arguments] [options]`, '', 'commands:'];
  for (const [group, entry] of Object.entries(GROUPS)) {
    if (isCommand(entry)) lines.push(`  ${group}${argList(entry)}`.padEnd(44) + entry.summary);
    else
      for (const [sub, command] of Object.entries(entry)) lines.push(`  ${group} ${sub}${argList(command)}`.padEnd(44) + command.summary);
  }
  lines.push(
    '',
    'global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    `"${PROGRAM} <command> --help" shows a command's arguments and options.`,
  );
  return lines.join('\n');
}

function errorText(error: ControlError): string {
  const lines = [`error: ${error.code} (HTTP ${error.status}): ${error.message}`];
  for (const issue of issuesOf(error)) lines.push(`  ${issue.path || '(body)'}: ${issue.message}`);
  const details = Object.entries(error.details).filter(([key]) => key !== 'issues');
  if (details.length > 0) lines.push(`  details: ${JSON.stringify(Object.fromEntries(details))}`);
  lines.push(`  request_id: ${error.request_id ?? '-'}`);
  return lines.join('\n');
}

/** Finds the command named by the leading words of argv; the rest are its arguments and options. */
function resolve(argv: string[]): { name: string; command: Command; rest: string[] } | { help: string } {
  const [group = '', sub, ...after] = argv;
  // Typed words pick a command: `constructor` or `toString` is an unknown command, not Object's.
  const entry = ownEntry(GROUPS, group);
  if (entry === undefined) throw new UsageError(group === '' ? 'no command given' : `unknown command "${group}"`);
  if (isCommand(entry)) return { name: group, command: entry, rest: argv.slice(1) };
  const command = sub === undefined ? undefined : ownEntry(entry, sub);
  if (command === undefined) {
    if (sub === undefined || sub === '--help' || sub === '-h') {
      return {
        help: [
          `usage: ${PROGRAM} ${group} <${Object.keys(entry).join('|')}> ...`,
          '',
          ...Object.entries(entry).map(([s, c]) => `  ${group} ${s}`.padEnd(30) + c.summary),
        ].join('\n'),
      };
    }
    throw new UsageError(
      `unknown command "${group} ${sub}" (try ${Object.keys(entry)
        .map((s) => `"${group} ${s}"`)
        .join(', ')})`,
    );
  }
  return { name: `${group} ${sub}`, command, rest: after };
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const first = argv[0];
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(overview());
    return first === undefined ? 2 : 0;
  }
  let name = '';
  try {
    const found = resolve(argv);
    if ('help' in found) {
      io.stdout(found.help);
      return 0;
    }
    name = found.name;
    const { command } = found;
    const parsed = parseArgs({
      args: found.rest,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    const values = parsed.values as Record<string, string | boolean | (string | boolean)[] | undefined>;
    foldAliases(command.options ?? {}, values);
    if (values.help === true) {
      io.stdout(commandHelp(name, command));
      return 0;
    }
    const expected = command.args ?? [];
    if (parsed.positionals.length !== expected.length) {
      throw new UsageError(
        expected.length === 0 ? `"${name}" takes no arguments` : `"${name}" needs ${expected.map((a) => `<${a}>`).join(' ')}`,
      );
    }
    const token = typeof values.token === 'string' ? values.token : io.env.SANDBOX_ADMIN_TOKEN;
    if (token === undefined || token === '') throw new UsageError('no admin token: set SANDBOX_ADMIN_TOKEN or pass --token');
    const url = (typeof values.url === 'string' ? values.url : `http://127.0.0.1:${io.env.SANDBOX_PORT ?? '4010'}`).replace(/\/+$/, '');
    const client = createControlClient(io.fetch ?? fetch, url, token);
    let result;
    try {
      result = await command.run({
        args: parsed.positionals,
        values,
        client,
        stdout: io.stdout,
        stderr: io.stderr,
        signal: io.signal ?? new AbortController().signal,
      });
    } catch (error) {
      // fetch rejects with a TypeError (with its cause) when nothing answers at the URL; any other
      // error, a TypeError from our own code included, is a bug and must not pass for a network fault.
      if (!(error instanceof TypeError && (error.message === 'fetch failed' || 'cause' in error))) throw error;
      io.stderr(`error: could not reach the sandbox at ${url} (${error.message}); is it running? (--url, SANDBOX_PORT)`);
      return 1;
    }
    if (!result.ok) {
      io.stderr(values.json === true ? JSON.stringify({ error: result.error }, null, 2) : errorText(result.error));
      return 1;
    }
    if (result.printed) return 0;
    if (values.json === true) {
      io.stdout(JSON.stringify(result.json, null, 2));
      return 0;
    }
    try {
      io.stdout(result.text());
    } catch {
      // An answer of a shape this CLI's text does not know (another sandbox version): still shown.
      io.stderr('note: the answer has a shape this command cannot show as text; here it is as JSON');
      io.stdout(JSON.stringify(result.json, null, 2));
    }
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError && 'code' in error)) throw error;
    io.stderr(
      `${PROGRAM}: ${error.message}\n${name === '' ? `run "${PROGRAM} --help" for the commands` : `run "${PROGRAM} ${name} --help" for usage`}`,
    );
    return 2;
  }
}

// Run only when executed (`npx tsx sandbox/cli/main.ts …`), not when a test imports runCli.
function invokedDirectly(): boolean {
  const script = process.argv[1];
  try {
    return script !== undefined && realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  const code = await runCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    signal: stop.signal,
  });
  process.exitCode = code;
}
