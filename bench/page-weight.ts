/**
 * The JavaScript a signed-in page makes a browser download: every script response's transfer size
 * (gzip as served, headers included), counted until the page is idle, so chunks loaded lazily
 * after hydration count too. Each page gets a fresh browser context, so nothing comes from cache.
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, sleep } from './stack';

export function sessionCookies(cookie: string, base: string) {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
}

async function scriptBytes(browser: Browser, base: string, cookie: string, pagePath: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies(sessionCookies(cookie, base));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
  });
  const response = await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status() ?? 'nothing'}`);
  if (new URL(page.url()).pathname === '/login') throw new Error(`${pagePath} sent the session to the sign-in page`);
  // Idle callbacks and prefetches of visible links run after the load; give them a moment, then wait for quiet.
  await sleep(1500);
  await page.waitForLoadState('networkidle');
  await context.close();
  return bytes;
}

/** KiB of script per page path, in the order given. */
export async function measureScripts(base: string, cookie: string, paths: string[]): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const result = new Map<string, number>();
  try {
    for (const p of paths) result.set(p, (await scriptBytes(browser, base, cookie, p)) / 1024);
  } finally {
    await browser.close();
  }
  return result;
}
