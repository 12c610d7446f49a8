// The sandbox under benchmark, in a process of its own (forked by bench-server-process.ts): the load client
// then runs in another process, as a partner's client would, instead of sharing this event loop.
// Argument: the data directory; the admin token comes in BENCH_ADMIN_TOKEN. Answers { url } over
// the IPC channel once listening, and closes the sandbox when told "close" or when the parent goes.
import { startSandbox } from '../server';

const dataDir = process.argv[2];
const adminToken = process.env.BENCH_ADMIN_TOKEN;
if (dataDir === undefined || adminToken === undefined || !process.send) {
  console.error('bench-server: fork me through bench-server-process.ts with a data directory and BENCH_ADMIN_TOKEN');
  process.exit(2);
}

const sandbox = await startSandbox({ port: 0, dataDir, adminToken });
let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  void sandbox.close().then(() => process.exit(0));
};
process.on('message', (message) => {
  if (message === 'close') close();
});
process.once('disconnect', close);
process.send({ url: sandbox.url });
