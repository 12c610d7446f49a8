import 'server-only';
import { lookAtNewest } from '@/lib/robots/robots';

const LOOK_EVERY_MS = 15_000;
// Per process: views in a burst share one look.
const state = globalThis as unknown as { overviewLookAt?: number };

/**
 * A look at the newest page of robots (one call), started by an overview view and not waited for:
 * the cards render from the store at once, and channels the service turned off show from the next
 * view on, rather than at the background's next look. At most one every 15 s per process; a failed
 * look changes nothing (a refused key is noted by the client).
 */
export function lookSoon(now = Date.now()): void {
  if (now - (state.overviewLookAt ?? 0) < LOOK_EVERY_MS) return;
  state.overviewLookAt = now;
  lookAtNewest().catch(() => undefined);
}
