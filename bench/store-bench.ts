/**
 * The dashboard's store on its hot paths, side by side: PGlite (the embedded default), PostgreSQL
 * (the shared store, a throwaway cluster started here) and better-sqlite3 (the embedded store we
 * did not choose). Each runs in a process of its own (bench/store-worker.ts). Budgets come from
 * bench/budgets.json (`store`); the run exits non-zero when one is missed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgCluster } from '../scripts/pg-cluster';
import budgets from './budgets.json' with { type: 'json' };
import { finishBench, type Figure } from './results';
import { childEnvironment } from '../lib/config/process-env';

type Timing = { meanMs: number; p95Ms: number; n: number };
type Run = { store: string; rssMb: number; results: Record<string, Timing> };

function runWorker(store: string, env: Record<string, string>): Run {
  const result = spawnSync('node_modules/.bin/tsx', ['--conditions=react-server', 'bench/store-worker.ts'], {
    env: {
      ...childEnvironment(),
      ...env,
      STORE: store,
      AUTH_SECRET: 'store-bench-secret-0123456789abcdefghijklmnop',
      PARTNER_RATE_LIMIT_PER_MINUTE: '100000',
      DASHBOARD_CALL_SHARE_PERCENT: '100',
    },
    encoding: 'utf8',
  });
  const line = result.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`the ${store} run printed nothing: ${result.stderr.slice(0, 2000)}`);
  return JSON.parse(line) as Run;
}

const cluster = await startPgCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
let runs: Run[];
try {
  runs = [
    runWorker('pglite', { DATA_DIR: dataDir }),
    runWorker('postgres', { DATA_DIR: dataDir, DATABASE_URL: cluster.createDatabase('store_bench') }),
    runWorker('sqlite', {}),
  ];
} finally {
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ops = ['sessionLookup', 'reserveCall', 'storeEvent', 'searchRobots'] as const;
const label = {
  sessionLookup: 'session lookup',
  reserveCall: 'call-budget reservation',
  storeEvent: 'received event stored once',
  searchRobots: 'robot search, 10,000 robots',
};
const figures: Figure[] = [];
console.log('\nDashboard store, hot paths (mean / p95 per operation, one process each)\n');
console.log(`| operation | ${runs.map((r) => r.store).join(' | ')} | budget (p95, embedded and shared) |`);
console.log(`|---|${runs.map(() => '---').join('|')}|---|`);
for (const op of ops) {
  const budget = budgets.store[op];
  const cells = runs.map((r) => {
    const t = r.results[op];
    return t ? `${t.meanMs.toFixed(2)} / ${t.p95Ms.toFixed(2)} ms` : '—';
  });
  for (const run of runs.filter((r) => r.store !== 'sqlite')) {
    const timing = run.results[op];
    const p95 = timing?.p95Ms ?? Infinity;
    figures.push({
      figure: `${label[op]}, ${run.store}, mean / p95`,
      value: timing ? `${timing.meanMs.toFixed(2)} / ${p95.toFixed(2)} ms` : 'not measured',
      budget: `p95 < ${budget} ms`,
      ok: p95 < budget,
    });
  }
  console.log(`| ${label[op]} | ${cells.join(' | ')} | < ${budget} ms |`);
}
console.log(`| process memory (RSS) | ${runs.map((r) => `${r.rssMb} MB`).join(' | ')} | |`);
console.log(`| store open | ${runs.map((r) => (r.results.open ? `${r.results.open.meanMs.toFixed(0)} ms` : '—')).join(' | ')} | |`);
finishBench({
  bench: 'store',
  setup:
    'Dashboard store hot paths (bench/store-bench.ts): PGlite (embedded) and PostgreSQL 15 (shared), one process each; better-sqlite3 figures in docs/store.md',
  figures,
});
