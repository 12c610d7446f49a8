// Part of `npm run bench`: the sandbox's busiest routes under load beside a bare node:http server
// answering the same bytes, in the same run: autocannon, 50 connections, an account of 200 robots.
// Each server runs in a process of its own; the load comes from this one. Budgets:
// bench/budgets.json (`http`); exits non-zero when one is missed.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import budgets from '../../bench/budgets.json' with { type: 'json' };
import { finishBench, formatNumber, type Figure } from '../../bench/results';
import { createControlClient, unwrap } from '../control-client/client';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_TOKEN = 'http-bench-admin-token-0123456789';
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 8);

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const run = await autocannon({ url, connections: 50, duration: DURATION_S, headers });
  return { rps: run.requests.average, p50: run.latency.p50, p99: run.latency.p99, errors: run.errors, non2xx: run.non2xx };
}

const dir = mkdtempSync(path.join(tmpdir(), 'http-bench-'));
const server = fork(path.join(here, 'bench-server.ts'), [dir], {
  env: { ...process.env, BENCH_ADMIN_TOKEN: ADMIN_TOKEN },
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const sandboxUrl = await new Promise<string>((resolve) => server.once('message', (m) => resolve((m as { url: string }).url)));
const control = createControlClient(fetch, sandboxUrl, ADMIN_TOKEN);
const account = unwrap(await control.createAccount({ name: 'HTTP bench', rate_limit_per_minute: 1_000_000 }), 'account');
for (let i = 0; i < 200; i += 20)
  await Promise.all(
    Array.from({ length: 20 }, (_, j) => control.createRobot(account.account_id, { name: `Robot ${i + j}`, external_id: `cust-${i + j}` })),
  );
const auth = { Authorization: `Bearer ${account.api_key}` };

// The bare server answers exactly what the sandbox answers for the robots page.
const sample = await fetch(`${sandboxUrl}/v1/robots?limit=50`, { headers: auth });
const body = await sample.text();
const bare = spawn(
  process.execPath,
  [
    '-e',
    `const body = Buffer.from(process.env.BODY); require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); s.end(body); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
  ],
  { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const barePort = await new Promise<string>((resolve) => bare.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const usagePath = `/v1/usage?from=${monthAgo}T00:00:00Z&to=${today}T00:00:00Z&limit=100`;
// The usage report is cached once read (D13): the load measures the cached answer.
await fetch(`${sandboxUrl}${usagePath}`, { headers: auth });

const results = {
  bare: await load(`http://127.0.0.1:${barePort}/v1/robots?limit=50`, {}),
  robots: await load(`${sandboxUrl}/v1/robots?limit=50`, auth),
  usage: await load(`${sandboxUrl}${usagePath}`, auth),
};
bare.kill();
server.send('close');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });

const budget = budgets.http;
const ratio = (r: Result) => r.rps / results.bare.rps;
const clean = (r: Result) => r.errors + r.non2xx === 0;
const throughput = (name: string, r: Result): Figure => ({
  figure: `${name}, req/s and ratio to bare`,
  value: `${formatNumber(r.rps)} (${ratio(r).toFixed(2)}×)${clean(r) ? '' : `, ${r.errors} errors and ${r.non2xx} non-2xx`}`,
  budget: `≥ ${budget.minRatioToBare}× bare, no errors`,
  ok: ratio(r) >= budget.minRatioToBare && clean(r),
});
finishBench({
  bench: 'http',
  setup: `The sandbox under load (sandbox/bench/http-bench.ts): autocannon, 50 connections, ${DURATION_S} s each, an account of 200 robots (${formatNumber(body.length)} bytes a page), beside a bare node:http server answering the same bytes in the same run`,
  figures: [
    {
      figure: 'bare node:http, same bytes, req/s, p50 / p99',
      value: `${formatNumber(results.bare.rps)}, ${results.bare.p50} / ${results.bare.p99} ms`,
      budget: '',
      ok: true,
    },
    throughput('sandbox GET /v1/robots?limit=50', results.robots),
    {
      figure: 'sandbox GET /v1/robots?limit=50, p50 / p99',
      value: `${results.robots.p50} / ${results.robots.p99} ms`,
      budget: `p99 < ${budget.robotsP99Ms} ms`,
      ok: results.robots.p99 < budget.robotsP99Ms,
    },
    throughput('sandbox GET /v1/usage (cached)', results.usage),
    { figure: 'sandbox GET /v1/usage (cached), p50 / p99', value: `${results.usage.p50} / ${results.usage.p99} ms`, budget: '', ok: true },
  ],
});
