// `npm run bench`: every bench in turn, each in a process of its own (so one's servers and memory
// never weigh on the next), then one table of every figure beside its budget, written into the
// docs/benchmarks.md between its bench markers (inside prettier-ignore, so `npm run lint` leaves it as
// written). Exits non-zero when a budget is missed or a bench failed to report. Budgets:
// bench/budgets.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, type BenchResults } from './results';

const BENCHES = [
  'sandbox/bench/http-bench.ts',
  'sandbox/bench/usage-bench.ts',
  'sandbox/bench/dispatcher-bench.ts',
  'bench/store-bench.ts',
  'bench/receiver-bench.ts',
  'bench/scale-bench.ts',
  'bench/pages-bench.ts',
  'bench/sandbox-package-bench.ts',
] as const;
const TABLE_FILE = 'docs/benchmarks.md';
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const nameOf = (script: string) => path.basename(script, '.ts').replace(/-bench$/, '');

rmSync(RESULTS_DIR, { recursive: true, force: true });
const started = performance.now();
const runs = BENCHES.map((script) => {
  console.log(`\n=== ${script}`);
  const at = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  return { script, status: run.status, seconds: (performance.now() - at) / 1000 };
});
const totalSeconds = (performance.now() - started) / 1000;

const reported = runs.map((run) => {
  const file = path.join(RESULTS_DIR, `${nameOf(run.script)}.json`);
  const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchResults) : undefined;
  return { ...run, results };
});

const escapeCell = (text: string) => text.replaceAll('|', '\\|');
const lines = [
  `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round(totalSeconds)} s in all, on this machine (2 cores).`,
  '',
  '| bench | figure | measured | budget | holds |',
  '|---|---|---|---|---|',
];
for (const run of reported) {
  const name = nameOf(run.script);
  if (!run.results) {
    lines.push(`| ${name} | (no figures: the bench exited ${run.status ?? 'on a signal'}) | | | no |`);
    continue;
  }
  for (const f of run.results.figures) {
    lines.push(
      `| ${name} | ${escapeCell(f.figure)} | ${escapeCell(f.value)} | ${escapeCell(f.budget)} | ${f.budget === '' ? '' : f.ok ? 'yes' : '**no**'} |`,
    );
  }
}
lines.push('', 'Setups:', '');
for (const run of reported) if (run.results) lines.push(`- ${run.results.setup} (${Math.round(run.seconds)} s)`);
const table = lines.join('\n');

const readme = readFileSync(TABLE_FILE, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) throw new Error(`${TABLE_FILE} has no ${START} … ${END} section for the bench table`);
writeFileSync(TABLE_FILE, `${readme.slice(0, from + START.length)}\n\n${table}\n\n${readme.slice(to)}`);

console.log(`\n${table}\n`);
const missed = reported.filter((run) => !run.results || run.status !== 0 || run.results.figures.some((f) => !f.ok));
if (missed.length > 0) {
  console.error(`budgets missed or benches failed: ${missed.map((run) => nameOf(run.script)).join(', ')}`);
  process.exit(1);
}
console.log(`every budget holds (${Math.round(totalSeconds)} s); the table is in ${TABLE_FILE}`);
