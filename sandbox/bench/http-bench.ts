// Part of `npm run bench`: the sandbox's busiest routes under load beside a bare node:http server
// answering the same bytes, in the same run: autocannon, 50 connections, an account of 200 robots.
// Each server runs in a process of its own; the load comes from this one. The four loads (bare and
// sandbox, for each route) take turns in ROUNDS short rounds, so a change in the machine's speed
// during the run weighs on both sides of a ratio alike. Budgets: bench/budgets.json (`http`);
// exits non-zero when one is missed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import budgets from '../../bench/budgets.json' with { type: 'json' };
import { finishBench, formatNumber, type Figure } from '../../bench/results';
import { createControlClient, unwrap } from '../control-client/client';
import { startBenchServer } from './bench-server-process';

const ADMIN_TOKEN = 'http-bench-admin-token-0123456789';
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const ROUNDS = 4;

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const run = await autocannon({ url, connections: 50, duration: DURATION_S / ROUNDS, headers });
  return { rps: run.requests.average, p50: run.latency.p50, p99: run.latency.p99, errors: run.errors, non2xx: run.non2xx };
}

/** A target's rounds as one figure: mean throughput, the median round's p50, the worst round's p99. */
function combine(rounds: Result[]): Result {
  const sum = (pick: (r: Result) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  const p50s = rounds.map((r) => r.p50).sort((a, b) => a - b);
  return {
    rps: sum((r) => r.rps) / rounds.length,
    p50: p50s[Math.floor(p50s.length / 2)] ?? Number.NaN,
    p99: Math.max(...rounds.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    non2xx: sum((r) => r.non2xx),
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'http-bench-'));
const sandbox = await startBenchServer(dir, ADMIN_TOKEN);
const sandboxUrl = sandbox.url;
const control = createControlClient(fetch, sandboxUrl, ADMIN_TOKEN);
const account = unwrap(await control.createAccount({ name: 'HTTP bench', rate_limit_per_minute: 1_000_000 }), 'account');
for (let i = 0; i < 200; i += 20)
  await Promise.all(
    Array.from({ length: 20 }, (_, j) => control.createRobot(account.account_id, { name: `Robot ${i + j}`, external_id: `cust-${i + j}` })),
  );
const auth = { Authorization: `Bearer ${account.api_key}` };

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const robotsPath = '/v1/robots?limit=50';
const usagePath = `/v1/usage?from=${monthAgo}T00:00:00Z&to=${today}T00:00:00Z&limit=100`;
// The bare server answers exactly what the sandbox answers for each route; the usage report is
// cached once read (D13), so the load on it measures the cached answer.
const robotsBody = await (await fetch(`${sandboxUrl}${robotsPath}`, { headers: auth })).text();
const usageBody = await (await fetch(`${sandboxUrl}${usagePath}`, { headers: auth })).text();
const bare = spawn(
  process.execPath,
  [
    '-e',
    `const robots = Buffer.from(process.env.ROBOTS_BODY); const usage = Buffer.from(process.env.USAGE_BODY); require('node:http').createServer((q, s) => { const body = q.url.startsWith('/v1/usage') ? usage : robots; s.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); s.end(body); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
  ],
  { env: { ...process.env, ROBOTS_BODY: robotsBody, USAGE_BODY: usageBody }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const barePort = await new Promise<string>((resolve) => bare.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

const bareUrl = `http://127.0.0.1:${barePort}`;
const targets = {
  bareRobots: () => load(`${bareUrl}${robotsPath}`, {}),
  robots: () => load(`${sandboxUrl}${robotsPath}`, auth),
  bareUsage: () => load(`${bareUrl}${usagePath}`, {}),
  usage: () => load(`${sandboxUrl}${usagePath}`, auth),
};
const rounds: Record<keyof typeof targets, Result[]> = { bareRobots: [], robots: [], bareUsage: [], usage: [] };
for (let round = 0; round < ROUNDS; round += 1)
  for (const [name, run] of Object.entries(targets) as [keyof typeof targets, () => Promise<Result>][]) rounds[name].push(await run());
const results = {
  bareRobots: combine(rounds.bareRobots),
  robots: combine(rounds.robots),
  bareUsage: combine(rounds.bareUsage),
  usage: combine(rounds.usage),
};
bare.kill();
await sandbox.close();
rmSync(dir, { recursive: true, force: true });

const budget = budgets.http;
const clean = (r: Result) => r.errors + r.non2xx === 0;
const throughput = (name: string, r: Result, bareOfRoute: Result): Figure => {
  const ratio = r.rps / bareOfRoute.rps;
  return {
    figure: `${name}, req/s and ratio to bare`,
    value: `${formatNumber(r.rps)} (${ratio.toFixed(2)}×)${clean(r) ? '' : `, ${r.errors} errors and ${r.non2xx} non-2xx`}`,
    budget: `≥ ${budget.minRatioToBare}× bare, no errors`,
    ok: ratio >= budget.minRatioToBare && clean(r),
  };
};
const bareFigure = (bytes: number, r: Result): Figure => ({
  figure: `bare node:http, the same ${formatNumber(bytes)} bytes, req/s, p50 / p99`,
  value: `${formatNumber(r.rps)}, ${r.p50} / ${r.p99} ms`,
  budget: '',
  ok: true,
});
finishBench({
  bench: 'http',
  setup: `The sandbox under load (sandbox/bench/http-bench.ts): autocannon, 50 connections, ${DURATION_S} s per route and server in ${ROUNDS} alternating rounds, an account of 200 robots, beside a bare node:http server answering the same bytes in the same run`,
  figures: [
    bareFigure(robotsBody.length, results.bareRobots),
    throughput('sandbox GET /v1/robots?limit=50', results.robots, results.bareRobots),
    {
      figure: 'sandbox GET /v1/robots?limit=50, p50 / p99',
      value: `${results.robots.p50} / ${results.robots.p99} ms`,
      budget: `p99 < ${budget.robotsP99Ms} ms`,
      ok: results.robots.p99 < budget.robotsP99Ms,
    },
    bareFigure(usageBody.length, results.bareUsage),
    throughput('sandbox GET /v1/usage (cached)', results.usage, results.bareUsage),
    { figure: 'sandbox GET /v1/usage (cached), p50 / p99', value: `${results.usage.p50} / ${results.usage.p99} ms`, budget: '', ok: true },
  ],
});
