// Public option, query and result types of the Partner API client (implementation: client.ts).
import type { HttpMethod } from './retry';
import type { ConnectableChannelType, DeliveryStatus } from './schemas';

export interface PartnerResult<T> {
  data: T;
  requestId: string | undefined;
}

/** One line per attempt, for logs. Carries no key and no body. */
export interface PartnerRequestInfo {
  method: HttpMethod;
  /** Path under the base URL, with query, e.g. `/v1/robots?limit=50`. */
  path: string;
  /** 1 for the first try. */
  attempt: number;
  durationMs: number;
  status?: number;
  requestId?: string;
  /** The account's calls per minute, from the answer's `RateLimit-Limit` header (D4). */
  rateLimit?: number;
  /** The answer's `Date` header: the service's clock (the sandbox's can be advanced). */
  serviceDate?: string;
  /** Class name of the error this attempt produced. */
  error?: string;
  /** Set when another attempt follows after this wait. */
  retryInMs?: number;
}

export interface PartnerClientOptions {
  /** Service root without `/v1` (a trailing `/v1` is tolerated). */
  baseUrl: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs?: number;
  maxRetries?: number;
  /** Whole call including retries and waits; no wait is started that would end past it. */
  deadlineMs?: number;
  fetch?: typeof fetch;
  userAgent?: string;
  onRequest?(info: PartnerRequestInfo): void;
  /** Called before every attempt, retries included; throwing stops the call before anything is sent. */
  beforeAttempt?(attempt: { method: HttpMethod; path: string; attempt: number }): void | Promise<void>;
  /** First backoff step; tests shrink it to stay fast. */
  retryBaseDelayMs?: number;
}

export interface PageQuery {
  limit?: number;
  offset?: number;
}

/** No `breakdown`: `breakdown=source` is pre-release and not callable (Versioning 3). */
export interface UsageQuery extends PageQuery {
  from?: string | Date;
  to?: string | Date;
  robot_id?: string;
}

export interface DeliveryQuery extends PageQuery {
  delivery_id?: string;
  status?: DeliveryStatus;
  event_type?: string;
}

export interface ConnectChannelInput {
  type: ConnectableChannelType;
  /** Bot token, for `messenger_bot` only; `social_dm` takes no config. */
  config?: { token: string };
}
