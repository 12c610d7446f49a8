import { spawn, type ChildProcess } from 'node:child_process';
import { childEnvironment } from '../lib/config/process-env';
import { freePort } from '../scripts/free-port';
import { expect } from './fixtures';

/** A dashboard and its sandbox started by `npm start` (the launcher) for one spec alone. */
export type OwnDashboard = {
  child: ChildProcess;
  /** Everything the launcher printed so far. */
  output: () => string;
  url: string;
  sandboxUrl: string;
};

/**
 * `npm start` on a data directory of the spec's own, until its start banner is printed: for specs
 * that change what every other spec relies on (the sandbox's clock, the service mode). Background
 * directory reads and the deliveries watch are off unless `env` turns them on.
 */
export async function launchOwnDashboard(dataDir: string, env: Record<string, string>): Promise<OwnDashboard> {
  const port = await freePort();
  const sandboxPort = await freePort();
  let output = '';
  const child = spawn('node_modules/.bin/tsx', ['scripts/launch.ts', 'start'], {
    env: {
      ...childEnvironment(),
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      SANDBOX_SIMULATOR: 'off',
      SANDBOX_REQUEST_LOG: 'off',
      ROBOT_DIRECTORY_SYNC: 'off',
      DELIVERY_WATCH: 'off',
      PARTNER_API_URL: '',
      PARTNER_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: stopping it reaches the sandbox and the server the launcher
    // started (each behind a tsx wrapper), even when one of them outlives the launcher.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const launched = { child, output: () => output, url: `http://127.0.0.1:${port}`, sandboxUrl: `http://127.0.0.1:${sandboxPort}` };
  try {
    await expect.poll(() => output, { timeout: 240_000, message: 'the start banner' }).toContain('Dashboard: ');
  } catch (error) {
    await stopOwnDashboard(launched);
    throw error;
  }
  return launched;
}

/**
 * Stops the launcher, which stops what it started and waits for them (10 s at most) before it
 * exits; whatever of its process group is still there after that is killed, so no server of a
 * spec outlives it (one left running would keep polling a database that is gone).
 */
export async function stopOwnDashboard(launched: OwnDashboard): Promise<void> {
  const group = launched.child.pid;
  if (group === undefined) return;
  if (launched.child.exitCode === null && launched.child.signalCode === null) {
    const exited = new Promise((resolve) => launched.child.once('exit', resolve));
    launched.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Nothing of the group is left: everything stopped by itself.
  }
}
