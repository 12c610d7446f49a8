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

/** Stops the launcher, which stops what it started before it exits. */
export async function stopOwnDashboard(launched: OwnDashboard): Promise<void> {
  if (launched.child.exitCode !== null) return;
  const exited = new Promise((resolve) => launched.child.once('exit', resolve));
  launched.child.kill('SIGTERM');
  await exited;
}
