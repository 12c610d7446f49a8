import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

// The API calls made while a piece of work runs (an audited change), so whoever started it can quote
// the last request_id without every function between it and the client passing it back. Kept in
// the connection layer, which fills it, so the audit log reads from here and nothing here reads
// the audit log.
const trail = new AsyncLocalStorage<{ requestId?: string }>();

/** Called by the API client for every exchange (lib/connection/client.ts). */
export function noteRequestId(requestId: string | undefined): void {
  const calls = trail.getStore();
  if (calls && requestId) calls.requestId = requestId;
}

/** Runs `work`, with `calls.requestId` set to the request id of the last API call it made. */
export function withRequestTrail<T>(calls: { requestId?: string }, work: () => Promise<T>): Promise<T> {
  return trail.run(calls, work);
}
