import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ADMIN_TOKEN } from './support';

export interface SandboxChild {
  process: ChildProcess;
  /** Resolves when the child is about to open the data directory. */
  started: Promise<void>;
  /** Resolves with the base URL once the child serves. */
  url: Promise<string>;
  /** SIGTERM, resolved once the process has exited (at once if it already has). */
  stop: () => Promise<void>;
}

/** What a child printed on stdout, and a promise per line it is expected to print. */
function watch(child: ChildProcess & { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream }) {
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const line = (pattern: RegExp) => {
    const found = new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) resolve(match[1] ?? '');
      };
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        check();
      });
      child.once('exit', (code, signal) => reject(new Error(`sandbox process exited ${code ?? signal}: ${errors.slice(0, 2000)}`)));
    });
    // A child killed on purpose rejects these; nobody needs to hear about it.
    found.catch(() => {});
    return found;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { line, stop, output: () => output };
}

/** `tests/api/sandbox-process.ts` in a process of its own on data directory `dir`. */
export function startSandboxChild(dir: string): SandboxChild {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'sandbox-process.ts')], {
    env: { ...process.env, DATA_DIR: dir, SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { line, stop } = watch(child);
  const url = line(/^listening (\S+)$/m);
  const started = line(/^(starting)$/m).then(() => undefined);
  started.catch(() => {});
  return { process: child, started, url, stop };
}

export interface SandboxMain {
  process: ChildProcess;
  /** Resolves with the base URL once `sandbox listening on …` is printed. */
  url: Promise<string>;
  /** Everything printed on stdout so far. */
  output: () => string;
  stop: () => Promise<void>;
}

const SANDBOX_MAIN = [process.execPath, '--import', 'tsx', path.join(__dirname, '..', '..', 'sandbox', 'main.ts')];

/**
 * `npm run sandbox` itself (`sandbox/main.ts`, or `program`: the installed package's command) on a
 * free port, with `env` over this process's environment minus its sandbox settings.
 */
export function startSandboxMain(env: Record<string, string>, args: string[] = [], program: string[] = SANDBOX_MAIN): SandboxMain {
  const inherited = { ...process.env };
  delete inherited.SANDBOX_ADMIN_TOKEN;
  delete inherited.SANDBOX_PORT;
  delete inherited.DATA_DIR;
  // A HOST meant for the dashboard, or a silenced request log, would change what these tests see.
  delete inherited.HOST;
  delete inherited.SANDBOX_REQUEST_LOG;
  const [command = process.execPath, ...programArgs] = program;
  const child = spawn(command, [...programArgs, ...args], {
    env: { ...inherited, SANDBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { line, stop, output } = watch(child);
  return { process: child, url: line(/^sandbox listening on (\S+)$/m), output, stop };
}
