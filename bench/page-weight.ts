/**
 * The JavaScript a signed-in page makes a browser download: every script response's transfer size
 * (gzip as served, headers included), counted until the page is idle, so chunks loaded lazily
 * after hydration count too. Each page gets a fresh browser context, so nothing comes from cache.
 * Scripts requested before the first contentful paint are also counted apart, and a page that
 * draws a series chart (an element with `data-chart`) is told apart: its chart chunk may come on
 * top of the budget of a page without one, once the page has painted.
 */
import { chromium, type Browser } from '@playwright/test';
import { formatNumber } from './results';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, sleep } from './stack';

export function sessionCookies(cookie: string, base: string) {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
}

export interface PageWeight {
  /** KiB of script in all. */
  kib: number;
  /** KiB of script requested before the first contentful paint. */
  beforePaintKib: number;
  /** The page draws a chart whose code loads after the first paint. */
  drawsChart: boolean;
}

export interface WeightBudget {
  /** KiB for a page without a chart, and for what a chart page loads before its first paint. */
  jsKiB: number;
  /** KiB in all for a page that draws a chart. */
  chartPageJsKiB: number;
}

/** The figure, its budget as text, and whether it holds: a chart page is held to both of its budgets. */
export function judgeWeight(w: PageWeight, budget: WeightBudget): { value: string; budget: string; ok: boolean } {
  const kib = (n: number) => `${formatNumber(n, 1)} KiB`;
  if (!w.drawsChart) return { value: kib(w.kib), budget: `≤ ${budget.jsKiB} KiB`, ok: w.kib <= budget.jsKiB };
  return {
    value: `${kib(w.kib)} (${kib(w.beforePaintKib)} before the first paint; draws a chart)`,
    budget: `≤ ${budget.chartPageJsKiB} KiB, ≤ ${budget.jsKiB} KiB before the first paint`,
    ok: w.kib <= budget.chartPageJsKiB && w.beforePaintKib <= budget.jsKiB,
  };
}

async function pageWeight(browser: Browser, base: string, cookie: string, pagePath: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies(sessionCookies(cookie, base));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // When each request was sent (ms since the epoch), to set it against the paint's time.
  const sentAt = new Map<string, number>();
  const scripts = new Set<string>();
  const finished: { requestId: string; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    sentAt.set(e.requestId, e.wallTime * 1000);
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) finished.push({ requestId: e.requestId, bytes: e.encodedDataLength });
  });
  const response = await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status() ?? 'nothing'}`);
  if (new URL(page.url()).pathname === '/login') throw new Error(`${pagePath} sent the session to the sign-in page`);
  // Idle callbacks and prefetches of visible links run after the load; give them a moment, then wait for quiet.
  await sleep(1500);
  await page.waitForLoadState('networkidle');
  const seen = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      paintedAt: paint ? performance.timeOrigin + paint.startTime : null,
      drawsChart: document.querySelector('[data-chart]') !== null,
    };
  });
  await context.close();
  if (seen.paintedAt === null) throw new Error(`${pagePath} reported no first contentful paint`);
  const paintedAt = seen.paintedAt;
  const bytes = (list: typeof finished) => list.reduce((n, f) => n + f.bytes, 0) / 1024;
  return {
    kib: bytes(finished),
    beforePaintKib: bytes(finished.filter((f) => (sentAt.get(f.requestId) ?? 0) < paintedAt)),
    drawsChart: seen.drawsChart,
  };
}

/** The script weight of each page path, in the order given. */
export async function measureScripts(base: string, cookie: string, paths: string[]): Promise<Map<string, PageWeight>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const result = new Map<string, PageWeight>();
  try {
    for (const p of paths) result.set(p, await pageWeight(browser, base, cookie, p));
  } finally {
    await browser.close();
  }
  return result;
}
