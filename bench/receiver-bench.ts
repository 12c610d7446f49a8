/**
 * Part of `npm run bench`: our webhook receiver under a burst, beside a trivial route handler of the
 * same build (`/api/health?live`), in one run: autocannon, 50 in flight, each receiver request a new,
 * correctly signed event (the receiver's correctness under bursts is tested in e2e/secrets-and-receiver.spec.ts).
 * Budgets: bench/budgets.json (`receiver`); exits non-zero when one is missed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../scripts/free-port';
import budgets from './budgets.json' with { type: 'json' };
import { finishBench, formatNumber } from './results';
import { ensureBuild, dashboardStartArgs } from './stack';
import { childEnvironment } from '../lib/config/process-env';

const DURATION_S = 8;
const SECRET = `whsec_${Buffer.from('receiver bench secret, 32 bytes!').toString('base64')}`;
const TOKEN = 'receiver-bench-token';

// Rebuilt when any source is newer than the build, as for the other benches.
ensureBuild();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receiver-bench-'));
const port = await freePort();
const dashboard = spawn(process.execPath, dashboardStartArgs(port), {
  env: {
    ...childEnvironment(),
    DATA_DIR: dir,
    AUTH_SECRET: 'receiver-bench-auth-secret-0123456789abcdefgh',
    PARTNER_API_URL: 'http://127.0.0.1:9',
    PARTNER_API_KEY: `pk_live_${'a'.repeat(40)}`,
    PARTNER_WEBHOOK_SECRET: SECRET,
    PARTNER_WEBHOOK_TOKEN: TOKEN,
    ROBOT_DIRECTORY_SYNC: 'off',
    DELIVERY_WATCH: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  // Its own process group, so the server Next starts beneath it goes too, however this run ends.
  detached: true,
});
const stopDashboard = () => {
  try {
    if (dashboard.pid) process.kill(-dashboard.pid, 'SIGKILL');
  } catch {
    // already gone
  }
};
process.on('exit', stopDashboard);
const base = `http://127.0.0.1:${port}`;
for (const started = Date.now(); !(await fetch(`${base}/api/health`).catch(() => undefined))?.ok;) {
  if (Date.now() - started > 60_000) throw new Error('the dashboard did not start');
  await new Promise((r) => setTimeout(r, 250));
}
// One event stored before the clock starts: the store is open and migrated.
const signer = new Webhook(SECRET);
let sequence = 0;
const signedEvent = () => {
  const id = `msg_bench_${process.pid}_${sequence++}`;
  const body = JSON.stringify({
    id: `evt_${id}`,
    type: 'message.created',
    data: { conversation_id: `cv_${sequence % 100}`, text: 'hello' },
  });
  const at = new Date();
  return {
    method: 'POST' as const,
    path: '/api/webhooks/partner',
    body,
    headers: {
      // autocannon sends exactly these headers: Host included, as HTTP/1.1 requires.
      host: `127.0.0.1:${port}`,
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign(id, at, body),
      'x-webhook-token': TOKEN,
    },
  };
};
const warm = signedEvent();
const warmed = await fetch(`${base}${warm.path}`, { method: 'POST', body: warm.body, headers: warm.headers });
if (!warmed.ok) throw new Error(`the receiver refused a genuine event: ${warmed.status} ${await warmed.text()}`);

type Result = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
const summarise = (run: autocannon.Result): Result => ({
  rps: run.requests.average,
  p50: run.latency.p50,
  p99: run.latency.p99,
  non2xx: run.non2xx,
  errors: run.errors,
});
const trivial = summarise(await autocannon({ url: `${base}/api/health?live`, connections: 50, duration: DURATION_S }));
const before = sequence;
const receiver = summarise(
  await autocannon({ url: base, connections: 50, duration: DURATION_S, requests: [{ setupRequest: () => signedEvent() }] }),
);
const sent = sequence - before;
// Asked to stop first (a profile is written on a clean exit), then killed with its group.
const exited = new Promise((resolve) => dashboard.once('exit', resolve));
dashboard.kill('SIGTERM');
await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
stopDashboard();
fs.rmSync(dir, { recursive: true, force: true });

const budget = budgets.receiver;
const ratio = receiver.rps / trivial.rps;
finishBench({
  bench: 'receiver',
  setup: `Our webhook receiver (bench/receiver-bench.ts): autocannon, 50 in flight, ${DURATION_S} s each, ${formatNumber(sent)} signed events, beside a trivial route handler of the same build`,
  figures: [
    {
      figure: 'trivial route handler (/api/health?live), req/s, p50 / p99',
      value: `${formatNumber(trivial.rps)}, ${trivial.p50} / ${trivial.p99} ms`,
      budget: '',
      ok: true,
    },
    {
      figure: 'receiver (verify, store once), req/s and ratio to the trivial handler',
      value: `${formatNumber(receiver.rps)} (${ratio.toFixed(2)}×)`,
      budget: `≥ ${budget.minRatioToTrivial}×`,
      ok: ratio >= budget.minRatioToTrivial,
    },
    {
      figure: 'receiver p50 / p99',
      value: `${receiver.p50} / ${receiver.p99} ms`,
      budget: `p99 < ${budget.p99Ms} ms`,
      ok: receiver.p99 < budget.p99Ms,
    },
    {
      figure: 'receiver answers that were not 2xx, or failed',
      value: formatNumber(receiver.non2xx + receiver.errors),
      budget: '0',
      ok: receiver.non2xx + receiver.errors === 0,
    },
  ],
});
