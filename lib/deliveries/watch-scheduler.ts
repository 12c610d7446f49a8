import 'server-only';
import { getEnv } from '@/lib/config/env';
import { watchDeliveries } from './watch-pass';

// The loop's timer, once per server process, surviving Next's module reloads in development.
const state = globalThis as unknown as { deliveryWatchTimer?: ReturnType<typeof setInterval> };

// What reads the watch (the endpoint's health) runs after each pass, failed or not, so it follows the newest attempts read.
const runPass = (afterPass: () => Promise<unknown>) =>
  watchDeliveries()
    .catch((err: unknown) => {
      console.warn(`[delivery-watch] pass failed: ${err instanceof Error ? err.message : String(err)}`);
    })
    .then(afterPass)
    .catch((err: unknown) => {
      console.warn(`[delivery-watch] work after the pass failed: ${err instanceof Error ? err.message : String(err)}`);
    });

/**
 * Starts the deliveries watch once per process (from instrumentation.ts, on the instance that holds
 * the job): one pass a minute (DELIVERY_WATCH_EVERY_SECONDS), then `afterPass`. Gives the function that stops it; a pass under way
 * when it stops runs to its end.
 */
export function startDeliveryWatch(afterPass: () => Promise<unknown>): () => void {
  if (!state.deliveryWatchTimer) {
    void runPass(afterPass);
    state.deliveryWatchTimer = setInterval(() => void runPass(afterPass), getEnv().DELIVERY_WATCH_EVERY_SECONDS * 1000);
    state.deliveryWatchTimer.unref?.();
  }
  return stopDeliveryWatch;
}

function stopDeliveryWatch(): void {
  clearInterval(state.deliveryWatchTimer);
  state.deliveryWatchTimer = undefined;
}
