/**
 * A signed-in page's server time beside the sign-in page's, in the same run. Each render is a
 * fresh server render by fetch, timed to the whole HTML document. Renders alternate page and
 * `/login`, so both see the same machine load: the ratio of their medians is what the budget
 * judges, and it holds still when the machine is slower or busier as a whole.
 */
import { percentile } from './stack';

/** One render's span in epoch milliseconds, the clock the dashboard's profile lines use too. */
export interface RenderWindow {
  start: number;
  end: number;
}

export interface PageTime {
  /** The page's median document time. */
  documentMs: number;
  /** `/login`'s median document time, timed between the page's renders. */
  loginMs: number;
  /** documentMs ÷ loginMs. */
  ratio: number;
  /** Partner API calls the dashboard counted for pages per render (its own call log). */
  callsPerRender: number;
  /** Every timed render of the page and of `/login`, for the profile (bench/page-profile.ts). */
  pageRenders: RenderWindow[];
  loginRenders: RenderWindow[];
}

export const epochNow = () => performance.timeOrigin + performance.now();

/** One render, whole document; a redirect or a cut-off page fails the bench rather than time the wrong thing. */
async function render(base: string, cookie: string, path: string): Promise<RenderWindow> {
  const start = epochNow();
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const body = await res.text();
  const end = epochNow();
  if (res.status !== 200 || !body.includes('</html>')) throw new Error(`${path} answered ${res.status}`);
  return { start, end };
}

/** Calls the dashboard made for pages so far (its own log, read through /api/status, which makes none). */
async function pageCalls(base: string, cookie: string): Promise<number> {
  const res = await fetch(`${base}/api/status`, { headers: { cookie } });
  const status = (await res.json()) as { calls: { lastHour: Record<string, number> } };
  return status.calls.lastHour.page ?? 0;
}

const median = (renders: RenderWindow[]) =>
  percentile(
    renders.map((r) => r.end - r.start),
    50,
  );

export async function measureAgainstLogin(target: { base: string; cookie: string }, path: string, runs: number): Promise<PageTime> {
  const { base, cookie } = target;
  // Warm both (compiled routes, connections, the page's own caches) before timing.
  for (let i = 0; i < 3; i++) {
    await render(base, cookie, path);
    await render(base, '', '/login');
  }
  const before = await pageCalls(base, cookie);
  const pageRenders: RenderWindow[] = [];
  const loginRenders: RenderWindow[] = [];
  for (let i = 0; i < runs; i++) {
    pageRenders.push(await render(base, cookie, path));
    loginRenders.push(await render(base, '', '/login'));
  }
  const callsPerRender = ((await pageCalls(base, cookie)) - before) / runs;
  const documentMs = median(pageRenders);
  const loginMs = median(loginRenders);
  return { documentMs, loginMs, ratio: documentMs / loginMs, callsPerRender, pageRenders, loginRenders };
}
