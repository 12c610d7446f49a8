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

/** `tests/api/sandbox-process.ts` in a process of its own on data directory `dir`. */
export function startSandboxChild(dir: string): SandboxChild {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'sandbox-process.ts')], {
    env: { ...process.env, DATA_DIR: dir, SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
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
  const url = line(/^listening (\S+)$/m);
  const started = line(/^(starting)$/m).then(() => undefined);
  // A child killed on purpose rejects these; nobody needs to hear about it.
  url.catch(() => {});
  started.catch(() => {});
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { process: child, started, url, stop };
}
