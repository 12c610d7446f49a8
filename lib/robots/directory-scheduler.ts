import 'server-only';
import { whenBudgetAllows } from '@/lib/connection/budget';
import { runOnce } from '@/lib/sync/registry';
import { directoryStatus } from './directory';
import { checkHead, sweepDirectory, syncFetcher, type SweepResult } from './directory-sync';

const HEAD_EVERY_MS = 60_000;
const SWEEP_EVERY_MS = 30 * 60_000;
const LOOK_KEY = 'robots:look';

// The loop's timer, once per server process, surviving Next's module reloads in development.
const state = globalThis as unknown as { directoryTimer?: ReturnType<typeof setInterval> };

async function sweepIsDue(): Promise<boolean> {
  const sweptAt = (await directoryStatus()).sweptAt;
  return sweptAt === null || Date.now() - Date.parse(sweptAt) > SWEEP_EVERY_MS;
}

const logFailure = (err: unknown) => {
  console.warn(`[robot-directory] refresh failed: ${err instanceof Error ? err.message : String(err)}`);
  return null;
};

/**
 * A look at the head, and a full sweep when the head says something moved or the last one is old;
 * `forceSweep` ("refresh now", or a page's look that found the list moved) sweeps at once. Callers
 * share the look or the sweep under way (lib/sync/registry).
 */
export function refreshDirectory(options: { forceSweep?: boolean } = {}): Promise<SweepResult | null> {
  const fetchPage = syncFetcher();
  // The sweep's first read is the head, so a forced one needs no look of its own.
  if (options.forceSweep) return sweepDirectory(fetchPage).catch(logFailure);
  return runOnce(LOOK_KEY, async () => {
    try {
      const { needsSweep, head } = await checkHead((limit, offset) => whenBudgetAllows(() => fetchPage(limit, offset)));
      if (!(needsSweep || (await sweepIsDue()))) return null;
      return await sweepDirectory(fetchPage, undefined, undefined, head);
    } catch (err) {
      return logFailure(err);
    }
  });
}

/**
 * Starts the unhurried background loop once per process (from instrumentation.ts, on the instance
 * that holds the job); gives the function that stops it. A look under way when it stops runs to its end.
 */
export function startDirectorySync(): () => void {
  if (!state.directoryTimer) {
    void refreshDirectory();
    state.directoryTimer = setInterval(() => void refreshDirectory(), HEAD_EVERY_MS);
    state.directoryTimer.unref?.();
  }
  return stopDirectorySync;
}

function stopDirectorySync(): void {
  clearInterval(state.directoryTimer);
  state.directoryTimer = undefined;
}
