import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFile, appendFileSync } from 'node:fs';
import { readSettings } from './settings';

/**
 * Where a page's server time goes, for the pages bench only: with BENCH_PROFILE set to a file, each
 * session lookup, store query, call-budget write and Partner API call appends its start and end
 * there (one JSON line each, epoch milliseconds, written in batches within tens of milliseconds),
 * and the bench reads back the lines that fall inside a render it timed. Unset, `profiled` only
 * calls through.
 */
export type ProfilePart = 'session' | 'store' | 'budget' | 'api';
export type ProfileSpan = { part: ProfilePart; start: number; end: number };

const file = readSettings(['BENCH_PROFILE']).BENCH_PROFILE;
// The outermost part owns the time: a session lookup's own query counts as session, not store.
const within = new AsyncLocalStorage<ProfilePart>();
const now = () => performance.timeOrigin + performance.now();

export const profiling = file !== undefined;

// Lines wait in memory and are written together off the request, a few milliseconds later: a
// synchronous write per span put the profile's own disk writes inside the render it measured.
const FLUSH_AFTER_MS = 20;
let pending: string[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function flush(): void {
  flushTimer = undefined;
  if (file === undefined || pending.length === 0) return;
  const lines = pending.join('');
  pending = [];
  appendFile(file, lines, () => undefined);
}

function record(span: ProfileSpan): void {
  pending.push(`${JSON.stringify(span)}\n`);
  if (flushTimer === undefined) {
    flushTimer = setTimeout(flush, FLUSH_AFTER_MS);
    flushTimer.unref?.();
  }
}

if (file !== undefined)
  process.once('exit', () => {
    if (pending.length > 0) appendFileSync(file, pending.join(''));
  });

export async function profiled<T>(part: ProfilePart, work: () => Promise<T>): Promise<T> {
  if (file === undefined || within.getStore() !== undefined) return work();
  const start = now();
  try {
    return await within.run(part, work);
  } finally {
    record({ part, start, end: now() });
  }
}

/** fetch with the body read inside the span, so an API call's time includes its answer's transfer. */
export const profiledFetch: typeof fetch = (input, init) =>
  profiled('api', async () => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    // The Response constructor refuses any body, even an empty one, with these statuses.
    const bodiless = [101, 204, 205, 304].includes(response.status);
    return new Response(bodiless ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
