// Every bench of `npm run bench` hands its figures to `recordResults`: one JSON file per bench
// under bench/.results (not committed), which bench/report.ts reads to print every figure with its
// budget, write the table into docs/benchmarks.md and decide the exit code.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.results');

export interface Figure {
  /** What was measured, as a reader of the bench table would name it. */
  figure: string;
  /** The measured value with its unit, e.g. "2,901 req/s (0.051× bare)". */
  value: string;
  /** The budget as text, e.g. "≥ 0.5× bare"; empty for a figure shown for context only. */
  budget: string;
  /** false when the budget is missed; context figures are always true. */
  ok: boolean;
}

export interface BenchResults {
  bench: string;
  /** One line on the setup (load, sizes), printed above the bench's rows. */
  setup: string;
  figures: Figure[];
}

export function recordResults(results: BenchResults): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${results.bench}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

/** A number as the bench table prints it: thousands separated, `digits` decimals. */
export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The end of every bench: records its figures, prints them as a table, and exits non-zero when a
 * budget is missed (bench/report.ts, run last, decides `npm run bench`'s own exit code).
 */
export function finishBench(results: BenchResults): never {
  recordResults(results);
  console.log(`\n${results.setup}\n`);
  console.log('| figure | measured | budget |');
  console.log('|---|---|---|');
  for (const f of results.figures) console.log(`| ${f.figure} | ${f.value} | ${f.budget}${f.ok ? '' : ' **missed**'} |`);
  const misses = results.figures.filter((f) => !f.ok);
  if (misses.length > 0) {
    console.error(
      `\n${results.bench}: budgets missed:\n- ${misses.map((f) => `${f.figure}: ${f.value} (budget ${f.budget})`).join('\n- ')}`,
    );
    process.exit(1);
  }
  console.log(`\nevery ${results.bench} budget holds`);
  process.exit(0);
}
