/**
 * The work under way in this process, by key: a second caller asking for a key already running
 * joins that run instead of starting another. One map for every mirror and every background look,
 * kept on `globalThis` so that Next's module reloads in development do not forget a running fill.
 */
const shared = globalThis as unknown as { syncRuns?: Map<string, Promise<unknown>> };
const runs = (shared.syncRuns ??= new Map<string, Promise<unknown>>());

/** The run under way for `key`, if any. */
export function inFlight<T>(key: string): Promise<T> | undefined {
  return runs.get(key) as Promise<T> | undefined;
}

/** Runs `work` unless a run for `key` is under way, in which case its promise is returned. */
export function runOnce<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = inFlight<T>(key);
  if (running) return running;
  // Started on the next tick, so the run is registered before anything of it can finish.
  const run: Promise<T> = Promise.resolve()
    .then(work)
    .finally(() => {
      if (runs.get(key) === run) runs.delete(key);
    });
  runs.set(key, run);
  return run;
}
