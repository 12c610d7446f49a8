import 'server-only';
import { refreshEndpointHealth } from '@/lib/webhook-health/state';
import { watchDeliveries } from './watch-pass';

const PASS_EVERY_MS = 60_000;

// The loop's timer, once per server process, surviving Next's module reloads in development.
const state = globalThis as unknown as { deliveryWatchTimer?: ReturnType<typeof setInterval> };

// The endpoint's health is recomputed after each pass, failed or not, so the banner follows the newest attempts read.
const runPass = () =>
  watchDeliveries()
    .catch((err: unknown) => {
      console.warn(`[delivery-watch] pass failed: ${err instanceof Error ? err.message : String(err)}`);
    })
    .then(() => refreshEndpointHealth())
    .catch((err: unknown) => {
      console.warn(`[delivery-watch] health not recomputed: ${err instanceof Error ? err.message : String(err)}`);
    });

/** Starts the deliveries watch once per process (from instrumentation.ts): one pass a minute. */
export function startDeliveryWatch(): void {
  if (state.deliveryWatchTimer) return;
  void runPass();
  state.deliveryWatchTimer = setInterval(() => void runPass(), PASS_EVERY_MS);
  state.deliveryWatchTimer.unref?.();
}
