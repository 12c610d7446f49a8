import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnvironment } from '../lib/config/process-env';

/** The sandbox as an integrator gets it: `npm pack` of `sandbox/`, installed in a folder of its own. */
export interface InstalledSandbox {
  /** The folder it was installed in (its `node_modules/.bin` holds the two commands). */
  dir: string;
  tarball: string;
  /** What the install put on disk: `node_modules`, every file counted once. */
  installedBytes: number;
  installSeconds: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * npm run inside `npm test` hands its settings on as npm_* variables (the repository as local
 * prefix among them): a nested npm would install into the repository instead of the empty folder.
 */
export function withoutNpmSettings(): NodeJS.ProcessEnv {
  const env = childEnvironment();
  for (const name of Object.keys(env)) if (name.toLowerCase().startsWith('npm_')) delete env[name];
  return env;
}

function bytesUnder(dir: string): number {
  const seen = new Set<string>();
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const stat = fs.statSync(path.join(entry.parentPath, entry.name));
    const id = `${stat.dev}:${stat.ino}`;
    if (seen.has(id)) continue;
    seen.add(id);
    total += stat.size;
  }
  return total;
}

/** Packs `sandbox/` (its prepack compiles it) and installs the tarball into `dir`, an empty folder. */
export function packAndInstallSandbox(dir: string): InstalledSandbox {
  fs.mkdirSync(dir, { recursive: true });
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
    cwd: path.join(root, 'sandbox'),
    env: withoutNpmSettings(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // prepack's output may precede the JSON: the array is what ends the output.
  const listed = JSON.parse(packed.slice(packed.indexOf('[\n'))) as { filename: string }[];
  const filename = listed[0]?.filename;
  if (filename === undefined) throw new Error(`npm pack named no tarball:\n${packed}`);
  const tarball = path.join(dir, filename);
  const installDir = path.join(dir, 'integration');
  fs.mkdirSync(installDir);
  fs.writeFileSync(path.join(installDir, 'package.json'), `${JSON.stringify({ name: 'an-integration', private: true }, null, 2)}\n`);
  const started = performance.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', tarball], {
    cwd: installDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: withoutNpmSettings(),
  });
  return {
    dir: installDir,
    tarball,
    installedBytes: bytesUnder(path.join(installDir, 'node_modules')),
    installSeconds: (performance.now() - started) / 1000,
  };
}
