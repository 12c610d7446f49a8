// The sandbox as integrators install it: `npm pack` of sandbox/, installed in an empty folder from
// the registry (or npm's cache). What the install puts on disk is held to a budget, since the
// point of a package of its own is not to bring the dashboard's 900 MB along.
// Budgets: bench/budgets.json (`sandboxPackage`).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import budgets from './budgets.json' with { type: 'json' };
import { packAndInstallSandbox } from '../scripts/sandbox-package';
import { finishBench, formatNumber } from './results';

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-package-bench-'));
const installed = packAndInstallSandbox(dir);
const tarballBytes = statSync(installed.tarball).size;
rmSync(dir, { recursive: true, force: true });

const megabytes = installed.installedBytes / 1e6;
finishBench({
  bench: 'sandbox-package',
  setup:
    'Sandbox package (bench/sandbox-package-bench.ts): npm pack of sandbox/, npm install of the tarball in an empty folder (better-sqlite3 built from source where its prebuilt binary cannot be fetched)',
  figures: [
    {
      figure: 'installed size (node_modules)',
      value: `${formatNumber(megabytes, 1)} MB`,
      budget: `≤ ${formatNumber(budgets.sandboxPackage.installedMB)} MB`,
      ok: megabytes <= budgets.sandboxPackage.installedMB,
    },
    { figure: 'tarball', value: `${formatNumber(tarballBytes / 1024, 1)} KiB`, budget: '', ok: true },
    { figure: 'install time', value: `${formatNumber(installed.installSeconds)} s`, budget: '', ok: true },
  ],
});
