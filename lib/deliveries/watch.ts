import 'server-only';
import { mirrorStatus } from '@/lib/sync/status';
import { deliveriesBetween, DELIVERY_WATCH, WATCH_RETENTION_MS, type WatchedDelivery } from './watch-store';

export { newestCreatedAt, WATCH_RETENTION_MS } from './watch-store';

export type { WatchedDelivery };

/** What the watch knows of itself, for the figures built on it. */
export type DeliveryWatchStatus = {
  /** When the last pass ended; null before the first. */
  lastPassAt: string | null;
  /** The last pass could not read everything that changed within its calls. */
  behind: boolean;
  callsUsed: number;
  callBound: number;
  /** From this instant on every delivery has been read at least once; null until a pass got that far. */
  completeSince: string | null;
  lastError: { at: string; message: string } | null;
};

export type WatchedWindow = {
  deliveries: WatchedDelivery[];
  /**
   * The window is not wholly read: it starts before the watch's complete point, or the last pass
   * was behind (states may lag). Figures on it must say "sampled".
   */
  sampled: boolean;
  status: DeliveryWatchStatus;
};

export async function deliveryWatchStatus(): Promise<DeliveryWatchStatus> {
  const status = await mirrorStatus(DELIVERY_WATCH);
  const pass = status.watch;
  return {
    lastPassAt: pass?.at ?? null,
    behind: pass?.behind ?? false,
    callsUsed: pass?.calls ?? 0,
    callBound: pass?.bound ?? 0,
    completeSince: pass?.completeSince ?? null,
    lastError: status.lastError,
  };
}

/**
 * The deliveries created in [from, to) as the watch holds them, oldest first, and whether figures
 * on them are sampled. Nothing older than 30 days is held.
 */
export async function watchedDeliveries(window: { from: Date; to: Date }): Promise<WatchedWindow> {
  const status = await deliveryWatchStatus();
  const from = Math.max(window.from.getTime(), Date.now() - WATCH_RETENTION_MS);
  const deliveries = await deliveriesBetween(from, window.to.getTime());
  const completeSince = status.completeSince === null ? null : Date.parse(status.completeSince);
  const sampled = status.lastPassAt === null || status.behind || completeSince === null || window.from.getTime() < completeSince;
  return { deliveries, sampled, status };
}
