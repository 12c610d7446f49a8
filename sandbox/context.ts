import type { Clock } from './clock';
import type { Scheduler } from './scheduler';
import type { Store } from './store/db';
import type { RateLimiter } from './http/rate-limit';
import type { ReplayCache } from './http/replay-cache';
import type { RequestLog } from './http/request-log';
import type { Faults } from './domain/faults';
import type { WebhookDispatcher } from './webhooks/dispatcher';
import type { Fixtures } from './fixtures';

/** Everything a route or domain function may need, built once per running sandbox. */
export interface SandboxContext {
  store: Store;
  clock: Clock;
  scheduler: Scheduler;
  keySecret: Buffer;
  rateLimiter: RateLimiter;
  faults: Faults;
  /** Read answers kept while the store is unchanged, served before Hono. */
  replay: ReplayCache;
  /** Sends the webhook outbox; `kick()` after storing a delivery makes its first attempt immediate. */
  webhooks: WebhookDispatcher;
  log: (message: string) => void;
  /** The recent /v1 requests of each account, and the one-line-per-request log. */
  requests: RequestLog;
  /** The accounts made at start from a fixtures file, made again by a reset. */
  fixtures?: Fixtures | undefined;
}
