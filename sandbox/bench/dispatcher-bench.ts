// Part of `npm run bench`: the sandbox's webhook dispatcher against a local endpoint that answers
// at once. Ten accounts post test events, one after another each: the delay from an event's 202 to
// its first attempt arriving. Then a burst (50 posts in flight) builds a backlog: deliveries per
// second while it drains (first to last arrival). Budgets: bench/budgets.json (`dispatcher`); exits
// non-zero when one is missed. The sandbox runs in a process of its own (bench-server-process.ts);
// this one is the partners' side: their endpoint and their posts.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import budgets from '../../bench/budgets.json' with { type: 'json' };
import { finishBench, formatNumber } from '../../bench/results';
import { createControlClient, unwrap } from '../control-client/client';
import { BENCH_SERVER_INLINE, startBenchServer } from './bench-server-process';

const ACCOUNTS = 10;
const EVENTS_PER_ACCOUNT = 100;
const BURST = 4000;
const ADMIN_TOKEN = 'dispatcher-bench-admin-token-0123';

const arrivals = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  const id = req.headers['webhook-id'];
  req.resume();
  req.on('end', () => {
    if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const dir = mkdtempSync(path.join(tmpdir(), 'dispatcher-bench-'));
const sandbox = await startBenchServer(dir, ADMIN_TOKEN);
const control = createControlClient(fetch, sandbox.url, ADMIN_TOKEN);
const keys: string[] = [];
for (let i = 0; i < ACCOUNTS; i++)
  keys.push(
    unwrap(
      await control.createAccount({
        name: `Bench ${i}`,
        rate_limit_per_minute: 100_000,
        webhook: { url: receiverUrl, auth_token: 'bench' },
      }),
      'account',
    ).api_key,
  );

// delivery id → when its 202 came back
const acknowledged = new Map<string, number>();
async function post(key: string): Promise<void> {
  const response = await fetch(`${sandbox.url}/v1/webhooks/test`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
  const body = (await response.json()) as { delivery_id: string };
  acknowledged.set(body.delivery_id, performance.now());
}
async function allArrived(count: number): Promise<void> {
  for (const deadline = performance.now() + 60_000; arrivals.size < count && performance.now() < deadline;)
    await new Promise((r) => setTimeout(r, 20));
}

// Steady traffic: each account posts its events one after another.
await Promise.all(
  keys.map(async (key) => {
    for (let i = 0; i < EVENTS_PER_ACCOUNT; i++) await post(key);
  }),
);
const steady = ACCOUNTS * EVENTS_PER_ACCOUNT;
await allArrived(steady);

// A burst: 50 posts in flight until BURST are queued, faster than they can be delivered.
const burstStart = arrivals.size;
const queue = Array.from({ length: BURST }, (_, i) => keys[i % ACCOUNTS] ?? '');
await Promise.all(
  Array.from({ length: 50 }, async () => {
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) await post(key);
  }),
);
const total = steady + BURST;
await allArrived(total);
const burstArrivals = [...arrivals.values()].slice(burstStart);
const perSecond = (burstArrivals.length / (Math.max(...burstArrivals) - Math.min(...burstArrivals))) * 1000;

// Each steady delivery's event id (the webhook-id), to pair its 202 with its arrival.
const steadyIds = new Set([...acknowledged.keys()].slice(0, steady));
const delays: number[] = [];
for (const key of keys) {
  for (let offset = 0; ; offset += 100) {
    const page = (await (
      await fetch(`${sandbox.url}/v1/webhooks/deliveries?limit=100&offset=${offset}`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as {
      data: { delivery_id: string; event_id: string }[];
      pagination: { has_more: boolean };
    };
    for (const d of page.data) {
      const sent = acknowledged.get(d.delivery_id);
      const arrived = arrivals.get(d.event_id);
      if (steadyIds.has(d.delivery_id) && sent !== undefined && arrived !== undefined) delays.push(Math.max(0, arrived - sent));
    }
    if (!page.pagination.has_more) break;
  }
}
delays.sort((a, b) => a - b);
const p50 = delays[Math.floor(delays.length / 2)] ?? Infinity;
const p95 = delays[Math.floor(delays.length * 0.95)] ?? Infinity;

await sandbox.close();
receiver.close();
rmSync(dir, { recursive: true, force: true });

const budget = budgets.dispatcher;
finishBench({
  bench: 'dispatcher',
  setup: `Webhook dispatcher (sandbox/bench/dispatcher-bench.ts): ${ACCOUNTS} accounts, a local endpoint answering at once, ${steady} steady deliveries, then a burst of ${BURST}; ${BENCH_SERVER_INLINE ? 'sandbox in this process (BENCH_SERVER=inline)' : 'sandbox in a child process, endpoint and posts in this one'}`,
  figures: [
    {
      figure: 'deliveries that arrived',
      value: `${formatNumber(arrivals.size)} of ${formatNumber(total)}`,
      budget: 'all',
      ok: arrivals.size >= total,
    },
    {
      figure: 'deliveries per second, draining the burst',
      value: formatNumber(perSecond),
      budget: `≥ ${formatNumber(budget.deliveriesPerSecond)}`,
      ok: perSecond >= budget.deliveriesPerSecond,
    },
    {
      figure: 'delay from 202 to first attempt, steady traffic, p50 / p95',
      value: `${p50.toFixed(1)} / ${p95.toFixed(1)} ms`,
      budget: `p50 < ${budget.p50DelayMs} ms`,
      ok: p50 < budget.p50DelayMs,
    },
  ],
});
