/**
 * The scale scenario: a sandbox account with 10,000 robots and some traffic, the built dashboard in
 * front of it, and for each view the dashboard's own API calls (cold, then warm) and its server
 * render time. Budgets come from bench/budgets.json; the run exits non-zero when one is missed.
 *
 * Calls are counted in the dashboard's own call log (its budget's table, read through GET /api/status), by purpose: a view's calls
 * are those made for pages, changes and exports while it rendered; background sync is counted apart.
 */
import { unwrap } from '../sandbox/control-client/client';
import budgets from './budgets.json' with { type: 'json' };
import { finishBench, formatNumber, type Figure } from './results';
import { percentile, sleep, startStack } from './stack';
import { readSettings } from '../lib/config/settings';

const ROBOTS = readSettings(['BENCH_ROBOTS']).BENCH_ROBOTS;
const WARM_RUNS = 20;
/** Raised far above the contract's 300 so the background reading of usage days finishes in minutes. */
const RATE_LIMIT = 20_000;

const seeded: string[] = [];
const stack = await startStack({
  // A high per-account limit so the run measures calls and time, not the budget's pacing (tests cover that).
  account: { name: 'Scale partner', capacity: 100_000, rate_limit_per_minute: RATE_LIMIT },
  seed: async (control, account) => {
    console.log(`seeding ${ROBOTS} robots…`);
    for (let start = 0; start < ROBOTS; start += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, ROBOTS - start) }, (_, i) => {
          const n = start + i;
          const channels =
            n % 10 === 0 ? [{ type: 'social_dm', is_active: true }] : n % 3 === 0 ? [{ type: 'widget', is_active: n % 2 === 0 }] : [];
          return control.createRobot(account.account_id, { name: `Customer ${n}`, external_id: `cust-${n}`, channels });
        }),
      );
      seeded.push(...batch.map((r) => unwrap(r, 'robot').id));
    }
    for (const robotId of seeded.slice(0, 300)) {
      await control.createConversation(robotId, {
        messages: [
          { role: 'client', text: 'Hello' },
          { role: 'ai', text: 'Hi, how can I help?' },
        ],
      });
    }
  },
});
const { base, cookie, startedAt: started } = stack;

type DashboardStatus = { directory: { sweptAt: string | null }; calls: { lastHour: Record<string, number> } };
/** The dashboard's own state (GET /api/status): its call log by purpose and its directory; makes no API call. */
async function status(): Promise<DashboardStatus> {
  const res = await fetch(`${base}/api/status`, { headers: { cookie } });
  if (!res.ok) throw new Error(`/api/status answered ${res.status}`);
  return (await res.json()) as DashboardStatus;
}
const callCount = async (purposes: string[]) => {
  const { calls } = await status();
  return purposes.reduce((n, p) => n + (calls.lastHour[p] ?? 0), 0);
};

// The cold sync: started by the server itself at boot.
for (;;) {
  if ((await status()).directory.sweptAt) break;
  if (Date.now() - started > 300_000) throw new Error('the directory sync did not finish');
  await sleep(200);
}
const coldSync = { calls: await callCount(['sync']), seconds: (Date.now() - started) / 1000 };

const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
const robotId = seeded[4_321] ?? '';
const views: [string, string][] = [
  ['overview', '/'],
  ['webhooks (health view)', '/webhooks'],
  ['robots list', '/robots'],
  ['search', '/robots?q=cust-5000'],
  ['robot page', `/robots/${robotId}`],
  ['rules', '/rules'],
  ['usage 30 days', '/usage?range=30d'],
  ['usage 365 days', `/usage?range=custom&from=${yearAgo}&to=${today}`],
  ['return page (unknown channel)', `/channels/return?robot_id=${robotId}&channel_id=ch_unknown&status=connected`],
  ['CSV (30 days)', '/usage/export?range=30d'],
];

async function view(url: string): Promise<{ calls: number; ms: number; status: number; body: string }> {
  const before = await callCount(['page', 'change', 'export']);
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = await res.text();
  const ms = performance.now() - t0;
  return { calls: (await callCount(['page', 'change', 'export'])) - before, ms, status: res.status, body };
}

/**
 * From a fresh start, how long until the 30-day daily chart has every closed day of its window,
 * and how many background calls that took: the page itself reads only the store, and each closed
 * day is read in the background (100 robots a call), newest first. Polled on the page's own table.
 */
async function untilUsageWindowRead(): Promise<{ seconds: number; backgroundCalls: number }> {
  for (;;) {
    const { body, status: code } = await view('/usage?range=30d');
    if (code === 200 && body.includes('data-testid="series-table"') && !body.includes('data-state="not_read"')) {
      return { seconds: (Date.now() - started) / 1000, backgroundCalls: (await callCount(['sync'])) - coldSync.calls };
    }
    if (Date.now() - started > 30 * 60_000) throw new Error('the 30-day daily series was not read within 30 minutes');
    await sleep(2_000);
  }
}
const usageWindow = await untilUsageWindowRead();

type Row = { view: string; cold: number; warm: number; p50: number; p95: number };
const rows: Row[] = [];
for (const [name, url] of views) {
  const cold = await view(url);
  // A large usage report is read in the background after the first view; the warm view reads it.
  for (let i = 0; i < 600 && /data-testid="usage-progress"|still being read/.test((await view(url)).body); i++) await sleep(500);
  const warm: { calls: number; ms: number }[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await view(url));
  rows.push({
    view: name,
    cold: cold.calls,
    warm: Math.max(...warm.map((w) => w.calls)),
    p50: percentile(
      warm.map((w) => w.ms),
      50,
    ),
    p95: percentile(
      warm.map((w) => w.ms),
      95,
    ),
  });
}
await stack.close();

const { scale } = budgets;
const figures: Figure[] = rows.flatMap((row): Figure[] => {
  const callBudget = row.view.startsWith('return page') ? scale.returnPageCalls : scale.warmViewCalls;
  return [
    {
      figure: `${row.view}: API calls cold, warm`,
      value: `${row.cold}, ${row.warm}`,
      budget: `warm ≤ ${callBudget}`,
      ok: row.warm <= callBudget,
    },
    {
      figure: `${row.view}: render p50 / p95`,
      value: `${row.p50.toFixed(0)} / ${row.p95.toFixed(0)} ms`,
      budget: `p95 < ${scale.renderP95Ms} ms`,
      ok: row.p95 < scale.renderP95Ms,
    },
  ];
});
figures.push({
  figure: 'cold sync of the directory: API calls (time)',
  value: `${coldSync.calls} (${coldSync.seconds.toFixed(1)} s)`,
  budget: `≤ ${scale.coldSyncCalls}`,
  ok: coldSync.calls <= scale.coldSyncCalls,
});
figures.push({
  figure: 'fresh start until the 30-day daily chart is complete: time, background calls',
  value: `${usageWindow.seconds.toFixed(0)} s, ${formatNumber(usageWindow.backgroundCalls)} calls`,
  budget: `≤ ${formatNumber(scale.usageWindowCalls)} calls (at ${formatNumber(RATE_LIMIT)} a minute; at 300 a minute see docs)`,
  ok: usageWindow.backgroundCalls <= scale.usageWindowCalls,
});
finishBench({
  bench: 'scale',
  setup: `Scale scenario (bench/scale-bench.ts): ${formatNumber(ROBOTS)} robots, the built dashboard, ${WARM_RUNS} warm views each; calls from the dashboard's own call log`,
  figures,
});
