/**
 * `npm run mutate [-- --mutate <file>]`: Stryker over the modules that guard security and money
 * (stryker.config.mjs), then each module's mutation score, one line each; exits non-zero when any
 * module is below the minimum or Stryker failed. Not part of `npm test`: it takes tens of minutes.
 *
 * The store tests run on a throwaway PostgreSQL cluster, as in `npm test`'s second pass: the call
 * budget's advisory lock only matters where transactions run side by side, which PGlite never does.
 */
import { spawnSync } from 'node:child_process';
import { childEnvironment } from '../lib/config/process-env';
import fs from 'node:fs';
import path from 'node:path';
import { MINIMUM_SCORE_PERCENT, moduleScores, scoreLine } from './mutation-scores';
import { startPgCluster } from './pg-cluster';

const REPORT = path.resolve('reports', 'mutation', 'mutation.json');

fs.rmSync(REPORT, { force: true });
const cluster = await startPgCluster();
let strykerOk = false;
try {
  const stryker = path.join(process.cwd(), 'node_modules', '.bin', 'stryker');
  const result = spawnSync(stryker, ['run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: childEnvironment({ STORE_TEST_PG_URL: cluster.serverUrl }),
  });
  strykerOk = result.status === 0;
} finally {
  cluster.stop();
}

if (!fs.existsSync(REPORT)) {
  console.error('Stryker wrote no report: see its output above.');
  process.exit(1);
}
const scores = moduleScores(JSON.parse(fs.readFileSync(REPORT, 'utf8')));
console.log(`\n=== mutation score per module (minimum ${MINIMUM_SCORE_PERCENT} %) ===`);
for (const score of scores) console.log(scoreLine(score));
const below = scores.filter((s) => s.scorePercent < MINIMUM_SCORE_PERCENT);
if (!strykerOk) console.error('Stryker itself failed: see its output above.');
process.exit(strykerOk && below.length === 0 ? 0 : 1);
