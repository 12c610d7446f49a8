import { startSandbox } from '../../sandbox/server';

// A sandbox in a process of its own, for tests of two processes sharing one data directory
// (concurrent-start.test.ts). Prints `starting` just before the data directory is opened and
// `listening <url>` once it serves; SIGTERM closes it.

const dataDir = process.env.DATA_DIR;
const adminToken = process.env.SANDBOX_ADMIN_TOKEN;
if (dataDir === undefined || adminToken === undefined) throw new Error('DATA_DIR and SANDBOX_ADMIN_TOKEN are required');

process.stdout.write('starting\n');
const running = await startSandbox({ port: 0, dataDir, adminToken, log: (message) => process.stderr.write(`${message}\n`) });
process.stdout.write(`listening ${running.url}\n`);
process.once('SIGTERM', () => {
  void running.close().then(() => process.exit(0));
});
