/**
 * Runs `pass` now and then every `everyMs`, never two at once (a slow pass makes the next wait),
 * logging a failed pass under `name`; returns how to stop. The loop of a background job.
 */
export function repeatingPass(name: string, everyMs: number, pass: () => Promise<unknown>): () => void {
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (err) {
      console.warn(`[${name}] pass failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      running = false;
    }
  };
  void once();
  const timer = setInterval(() => void once(), everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
