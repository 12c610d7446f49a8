/**
 * A throwaway PostgreSQL cluster for the test command: Debian's postgresql-15 (installed with apt
 * when missing), initdb into a temporary folder as the `postgres` user, on a free port, trust
 * authentication on 127.0.0.1 only. `stop()` stops it and removes the folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { installWithApt } from './apt-install';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>` without a database name. */
  serverUrl: string;
  /** A new empty database on the cluster, by URL. */
  createDatabase: (name: string) => string;
  stop: () => void;
}

function ensureInstalled(): void {
  if (fs.existsSync(path.join(BIN, 'initdb'))) return;
  installWithApt('postgresql-15', 'the store tests on PostgreSQL');
}

/** Runs a cluster binary as `postgres` when we are root (initdb refuses root), as ourselves otherwise. */
function asPostgres(command: string, args: string[]): void {
  const runAsRoot = process.getuid?.() === 0;
  const result = runAsRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { encoding: 'utf8' })
    : spawnSync(path.join(BIN, command), args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}${result.stderr}`);
}

export async function startPgCluster(): Promise<PgCluster> {
  ensureInstalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-cluster-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  asPostgres('pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
  return {
    serverUrl,
    createDatabase: (name) => {
      asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `${serverUrl}/${name}`;
    },
    stop: () => {
      try {
        asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
