// Starts the sandbox under benchmark in a forked process of its own (bench-server.ts), so the
// bench's load client and endpoints run in another process, as a partner's would, instead of
// sharing the sandbox's event loop. BENCH_SERVER=inline starts it in the bench's process instead,
// for comparison with the figures measured that way before.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../server';

export const BENCH_SERVER_INLINE = process.env.BENCH_SERVER === 'inline';
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

export async function startBenchServer(dataDir: string, adminToken: string): Promise<BenchServer> {
  if (BENCH_SERVER_INLINE) return startSandbox({ port: 0, dataDir, adminToken, log: () => {} });
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [dataDir], {
    env: { ...process.env, BENCH_ADMIN_TOKEN: adminToken },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // BENCH_PROFILE_DIR=dir: the sandbox writes a CPU profile there when it exits.
    execArgv: [...process.execArgv, ...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [])],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'url' in message && typeof message.url === 'string') resolve(message.url);
      else reject(new Error(`bench server answered ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code ?? 'signal'}) before listening`)));
  });
  return {
    url,
    async close() {
      child.send('close');
      await exited;
    },
  };
}
