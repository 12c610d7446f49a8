/**
 * A page's server time beside the time of its Partner API calls alone. The page: a fresh server
 * render with the session, by fetch (time to the first byte, and to the whole HTML document). The
 * API: the same calls, one after another as the page makes them, straight to the service with the
 * account's key. Runs alternate page and API so both see the same machine load.
 */
import { percentile } from './stack';

export interface TimedPage {
  name: string;
  path: string;
  /** The Partner API calls (paths under /v1, with query) one render of the page makes. */
  calls: string[];
}

export interface PageTime {
  ttfbMs: number;
  documentMs: number;
  /** The time of the API calls the page made per render, on average. */
  apiMs: number;
  /** Calls the dashboard counted per render (its own call log), beside the calls listed. */
  callsPerRender: number;
  /** (document time − API time) / document time: what the dashboard itself adds. */
  ownCost: number;
}

/** One request timed to its first byte and to its whole body; `wholePage` also wants the HTML's end. */
async function timePage(base: string, cookie: string, path: string, wholePage = true): Promise<{ ttfb: number; document: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const ttfb = performance.now() - t0;
  const body = await res.text();
  const document = performance.now() - t0;
  if (res.status !== 200 || (wholePage && !body.includes('</html>'))) throw new Error(`${path} answered ${res.status}`);
  return { ttfb, document };
}

async function timeCalls(apiUrl: string, apiKey: string, calls: string[]): Promise<number> {
  const t0 = performance.now();
  for (const call of calls) {
    const res = await fetch(`${apiUrl}/v1${call}`, { headers: { authorization: `Bearer ${apiKey}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${call} answered ${res.status}`);
  }
  return performance.now() - t0;
}

/** Calls the dashboard made for pages so far (its own log, read through /api/status, which makes none). */
async function pageCalls(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}/api/status`, { headers: { cookie } });
  const status = (await res.json()) as { calls: { lastHour: Record<string, number> } };
  return status.calls.lastHour.page ?? 0;
}

export async function measurePageTime(
  target: { base: string; cookie: string; apiUrl: string; apiKey: string },
  page: TimedPage,
  runs: number,
): Promise<PageTime> {
  const { base, cookie, apiUrl, apiKey } = target;
  // Warm both sides (compiled routes, connections, caches) before timing.
  for (let i = 0; i < 3; i++) {
    await timePage(base, cookie, page.path);
    await timeCalls(apiUrl, apiKey, page.calls);
  }
  const before = await pageCalls(base, cookie);
  const ttfb: number[] = [];
  const document: number[] = [];
  const api: number[] = [];
  for (let i = 0; i < runs; i++) {
    const timed = await timePage(base, cookie, page.path);
    ttfb.push(timed.ttfb);
    document.push(timed.document);
    api.push(await timeCalls(apiUrl, apiKey, page.calls));
  }
  const callsPerRender = ((await pageCalls(base, cookie)) - before) / runs;
  const documentMs = percentile(document, 50);
  // A page that answered from its own store on most renders (usage keeps a fresh report for 15 s)
  // spent the API's time only on the renders that called: the listed calls' time, in that share.
  const apiMs = page.calls.length === 0 ? 0 : (percentile(api, 50) * Math.min(callsPerRender, page.calls.length)) / page.calls.length;
  return { ttfbMs: percentile(ttfb, 50), documentMs, apiMs, callsPerRender, ownCost: (documentMs - apiMs) / documentMs };
}

/**
 * The server's floor: the p50 time of a path that makes no API call, so the own-cost figures can be
 * read against what the framework costs before the dashboard does anything.
 */
export async function measureFloor(base: string, path: string, runs: number, cookie = ''): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const { document } = await timePage(base, cookie, path, false);
    if (i >= 3) times.push(document);
  }
  return percentile(times, 50);
}
