import 'server-only';
import { alertPass } from './alert-pass';

const EVERY_MS = 30_000;

/** Starts the alert passes (one instance at a time runs this, through lib/jobs); returns how to stop them. */
export function startAlerts(): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await alertPass();
    } catch (err) {
      console.warn(`[alerts] pass failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(() => void pass(), EVERY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}
