import type { SandboxContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import type { AccountRow } from '../store/schema';
import { parseInstant } from './instants';
import { robotUsageHead, robotUsageHeads, type RobotUsageHead } from './robots';
import { DAY_MS } from './time-buckets';
import { emptyFigures, rollupFigures } from './usage-figures';
import { iso } from './vocabulary';

export interface UsageQuery {
  from?: string | undefined;
  to?: string | undefined;
  robot_id?: string | undefined;
  breakdown?: 'source' | undefined;
  limit: number;
  offset: number;
}

const DEFAULT_WINDOW_DAYS = 30;
const MAX_WINDOW_DAYS = 366;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 1000;

interface Window {
  fromMs: number;
  toMs: number;
  /** What `window` echoes: the query's own values, or the resolved default. */
  echo: { from: string; to: string };
  /** Part of the cache key: the instants given, or "default" for the last 30 days. */
  key: string;
}

const invalid = (parameter: string, reason: string) =>
  new ApiError('invalid_parameter', `Invalid parameter "${parameter}": ${reason}.`, { parameter, reason });

/** D11: both or neither; a real instant each; from <= to; at most 366 days apart. */
export function resolveWindow(query: Pick<UsageQuery, 'from' | 'to'>, nowMs: number): Window {
  const { from, to } = query;
  if (from === undefined && to === undefined) {
    const fromMs = nowMs - DEFAULT_WINDOW_DAYS * DAY_MS;
    return { fromMs, toMs: nowMs, echo: { from: iso(fromMs), to: iso(nowMs) }, key: 'default' };
  }
  if (from === undefined) throw invalid('from', 'from and to go together: give both or neither');
  if (to === undefined) throw invalid('to', 'from and to go together: give both or neither');
  const fromMs = parseInstant(from);
  if (fromMs === undefined) throw invalid('from', 'must be an RFC 3339 date-time');
  const toMs = parseInstant(to);
  if (toMs === undefined) throw invalid('to', 'must be an RFC 3339 date-time');
  if (fromMs > toMs) throw invalid('from', 'must not be after to');
  if (toMs - fromMs > MAX_WINDOW_DAYS * DAY_MS) throw invalid('to', `the window may span at most ${MAX_WINDOW_DAYS} days`);
  return { fromMs, toMs, echo: { from, to }, key: `${fromMs}..${toMs}` };
}

export interface UsageEntry {
  robot_id: string;
  external_id: null;
  name: string;
  messages: { total: number; units: number; by_role: { client: number; ai: number; operator: number } };
  conversations: { total: number };
  channels_connected: number;
}

export interface UsageReport {
  window: { from: string; to: string };
  data: UsageEntry[];
  pagination: { limit: number; offset: number; total_count: number; has_more: boolean };
  metadata: { processed_at: string; cache_hit: boolean };
}

interface CacheEntry {
  storedAt: number;
  report: UsageReport;
}

const caches = new WeakMap<SandboxContext, Map<string, CacheEntry>>();

function cacheOf(ctx: SandboxContext): Map<string, CacheEntry> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

function remember(cache: Map<string, CacheEntry>, key: string, entry: CacheEntry, nowMs: number): void {
  if (cache.size >= CACHE_MAX_ENTRIES) {
    for (const [k, e] of cache) if (nowMs - e.storedAt >= CACHE_TTL_MS) cache.delete(k);
    // Still full: drop the oldest (a Map iterates in insertion order).
    while (cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = cache.keys().next();
      if (oldest.done) break;
      cache.delete(oldest.value);
    }
  }
  cache.set(key, entry);
}

/** The robots of this page with their active channels, in GET /v1/robots order (D12), and how many match in all. */
function robotsOfPage(ctx: SandboxContext, account: AccountRow, query: UsageQuery, robot: RobotUsageHead | undefined) {
  if (robot === undefined) return robotUsageHeads(ctx, account.id, query.limit, query.offset);
  return { rows: [robot].slice(query.offset, query.offset + query.limit), total: 1 };
}

/**
 * GET /v1/usage (D11–D13). Checks run in D25 order (window 400, then robot 404); a result is cached
 * per account and normalised query (window instants or "default", robot, breakdown, limit, offset)
 * for 60 s on the sandbox clock, and a hit answers the original processed_at with cache_hit true.
 * `breakdown=source` is pre-release: it answers the standard payload (cached under its own key).
 * `sameUntilMs`: a hit answers these very bytes until its entry expires; a fresh report never
 * does (the next answer is the hit).
 */
export function usageReport(
  ctx: SandboxContext,
  account: AccountRow,
  query: UsageQuery,
): { report: UsageReport; sameUntilMs: number | undefined } {
  const nowMs = ctx.clock.nowMs();
  const window = resolveWindow(query, nowMs);
  // Unknown or another partner's robot: 404 (D11), never 403.
  const robot = query.robot_id === undefined ? undefined : robotUsageHead(ctx, account.id, query.robot_id);
  if (query.robot_id !== undefined && !robot) throw notFound('robot');

  const cache = cacheOf(ctx);
  const key = JSON.stringify([account.id, window.key, query.robot_id ?? null, query.breakdown ?? null, query.limit, query.offset]);
  const hit = cache.get(key);
  if (hit && nowMs - hit.storedAt < CACHE_TTL_MS) {
    const echo = window.key === 'default' ? hit.report.window : window.echo;
    return {
      report: { ...hit.report, window: echo, metadata: { ...hit.report.metadata, cache_hit: true } },
      sameUntilMs: hit.storedAt + CACHE_TTL_MS,
    };
  }

  const { rows, total } = robotsOfPage(ctx, account, query, robot);
  const ids = rows.map((row) => row.id);
  const figures = rollupFigures(ctx.store.sqlite, ids, window.fromMs, window.toMs);
  const report: UsageReport = {
    window: window.echo,
    data: rows.map((row) => {
      const f = figures.get(row.id) ?? emptyFigures();
      return {
        robot_id: row.id,
        // D12: null in usage until robot creation over the API ships.
        external_id: null,
        name: row.name,
        messages: { total: f.client + f.ai + f.operator, units: f.units, by_role: { client: f.client, ai: f.ai, operator: f.operator } },
        conversations: { total: f.conversations },
        channels_connected: row.activeChannels,
      };
    }),
    pagination: { limit: query.limit, offset: query.offset, total_count: total, has_more: query.offset + rows.length < total },
    metadata: { processed_at: iso(nowMs), cache_hit: false },
  };
  remember(cache, key, { storedAt: nowMs, report }, nowMs);
  return { report, sameUntilMs: undefined };
}
