import 'server-only';
import { directoryStatus } from './directory';
import { checkHead, sweepDirectory, syncFetcher, type SweepResult } from './directory-sync';

const HEAD_EVERY_MS = 60_000;
const SWEEP_EVERY_MS = 30 * 60_000;

// One loop and at most one refresh per server process, surviving Next's module reloads in development.
const state = globalThis as unknown as {
  directoryTimer?: ReturnType<typeof setInterval>;
  directoryRun?: Promise<SweepResult | null>;
  directoryRunSweeps?: boolean;
};

async function sweepIsDue(): Promise<boolean> {
  const sweptAt = (await directoryStatus()).sweptAt;
  return sweptAt === null || Date.now() - Date.parse(sweptAt) > SWEEP_EVERY_MS;
}

/**
 * A look at the head, and a full sweep when the head says something moved or the last one is old.
 * Concurrent callers share the run in progress.
 */
export function refreshDirectory(options: { forceSweep?: boolean } = {}): Promise<SweepResult | null> {
  const current = state.directoryRun;
  // A run already under way that will not sweep does not answer "refresh now": run again after it.
  if (current && options.forceSweep && !state.directoryRunSweeps) return current.then(() => refreshDirectory(options));
  if (current) return current;
  state.directoryRunSweeps = Boolean(options.forceSweep);
  const run = (async () => {
    try {
      const fetchPage = syncFetcher();
      const { needsSweep } = await checkHead(fetchPage);
      if (!(needsSweep || options.forceSweep || (await sweepIsDue()))) return null;
      state.directoryRunSweeps = true;
      return await sweepDirectory(fetchPage);
    } catch (err) {
      console.warn(`[robot-directory] refresh failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    } finally {
      state.directoryRun = undefined;
      state.directoryRunSweeps = false;
    }
  })();
  state.directoryRun = run;
  return run;
}

/** Starts the unhurried background loop once per process (from instrumentation.ts). */
export function startDirectorySync(): void {
  if (state.directoryTimer) return;
  void refreshDirectory();
  state.directoryTimer = setInterval(() => void refreshDirectory(), HEAD_EVERY_MS);
  state.directoryTimer.unref?.();
}
