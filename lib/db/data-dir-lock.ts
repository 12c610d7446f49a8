import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'dashboard-db.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process named in the lock file, or null (no file, a dead pid, or ours). */
function liveHolder(file: string): number | null {
  try {
    const holder = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder) ? holder : null;
  } catch {
    return null;
  }
}

/** The pid of a live process holding the embedded store in `dataDir`, or null. */
export function embeddedStoreHolder(dataDir: string): number | null {
  return liveHolder(path.join(dataDir, LOCK_FILE));
}

/**
 * The embedded store is one process's: a second dashboard on the same DATA_DIR would corrupt it.
 * The lock names the holder's pid; a lock left by a process that died is taken over.
 */
export function holdDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) return () => fs.rmSync(file, { force: true });
      const holder = liveHolder(file);
      if (holder !== null) {
        throw new Error(
          `Another dashboard process (pid ${holder}) uses the embedded store in ${dataDir}. ` +
            'Run one process per DATA_DIR, or set DATABASE_URL to a PostgreSQL database that every instance shares.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}; remove it if no dashboard is running.`);
}
