/**
 * `npm test`: every suite in order (lint, typecheck, unit + API, build, end-to-end), then one line
 * `N passed, N failed` totalling them all. Lint, typecheck and build count as one test each.
 */
import { spawnSync } from 'node:child_process';
import { childEnvironment } from '../lib/config/process-env';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { TEST_BUILD_ENV } from './test-build';
import { playwrightFailures, playwrightReport, readReport, vitestFailures, vitestReport } from './test-reports';

const REPORTS = path.resolve('reports');
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

type Tally = { name: string; passed: number; failed: number };
const tallies: Tally[] = [];
/** Each failed test's name and message, printed again above the summary. */
const failures: string[] = [];
const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env: childEnvironment(env) });
  return result.status === 0;
}

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${name} ===`);
  const ok = run(command, args, env);
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

// ESLint, then Prettier's check of the formatting: `npm run lint`.
step('lint', 'npm', ['run', '--silent', 'lint']);
step('typecheck', bin('tsc'), ['--noEmit']);

/** One vitest run, tallied from its JSON report; a run that failed without failing a test counts one failure. */
function vitestStep(name: string, args: string[], env: Record<string, string> = {}): void {
  const file = path.join(REPORTS, `vitest-${name}.json`);
  const ok = run(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  const report = readReport(file, vitestReport);
  if (report) failures.push(...vitestFailures(name, report));
  tallies.push({
    name,
    passed: report?.numPassedTests ?? 0,
    failed: report ? report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1) : 1,
  });
}

console.log('\n=== unit and API tests (vitest) ===');
vitestStep('vitest', []);
console.log('\n=== the sandbox packed and installed on its own ===');
vitestStep('package', ['--config', 'vitest.package.config.ts']);

let chromium: string | undefined;
try {
  chromium = ensureChromium();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  tallies.push({ name: 'chromium', passed: 0, failed: 1 });
}

const built = step('build', bin('next'), ['build'], TEST_BUILD_ENV);
if (built && chromium) {
  console.log('\n=== end-to-end tests (Playwright) ===');
  const e2eFile = path.join(REPORTS, 'playwright.json');
  const e2eOk = run(bin('playwright'), ['test'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: e2eFile });
  const e2e = readReport(e2eFile, playwrightReport);
  if (e2e) failures.push(...playwrightFailures(e2e));
  tallies.push({
    name: 'e2e',
    passed: e2e ? e2e.stats.expected + e2e.stats.flaky : 0,
    failed: e2e ? e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1) : 1,
  });
}

// The dashboard's store tests again on a real PostgreSQL server, then two built instances sharing it.
console.log('\n=== store tests on PostgreSQL, two instances on one database, and behind nginx ===');
let cluster: PgCluster | undefined;
try {
  cluster = await startPgCluster();
  const pgEnv = { STORE_TEST_PG_URL: cluster.serverUrl };
  vitestStep('postgres', ['tests/store'], pgEnv);
  if (built) vitestStep('instances', ['--config', 'vitest.instances.config.ts'], pgEnv);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  tallies.push({ name: 'postgres', passed: 0, failed: 1 });
} finally {
  cluster?.stop();
}

if (failures.length > 0) {
  console.log('\n=== failed ===');
  for (const failure of failures) console.log(failure);
}
console.log('\n=== summary ===');
for (const t of tallies) console.log(`${t.name.padEnd(10)} ${t.passed} passed, ${t.failed} failed`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
