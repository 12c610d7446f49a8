/**
 * The signed-in pages as a user meets them, on an account with 200 robots, channels, 30 days of
 * usage and webhook deliveries: the JavaScript each page downloads, its Lighthouse scores (desktop
 * and mobile), and for the robots, usage and deliveries pages the server's time beside the time of
 * the page's API calls alone. Budgets come from bench/budgets.json (pages); a miss exits non-zero.
 */
import { unwrap } from '../sandbox/control-client/client';
import type { NewRobot } from '../sandbox/control-client/types';
import { readSettings } from '../lib/config/settings';
import { everyPagePath } from '../lib/navigation/sections';
import { resolveWindow, rfc3339 } from '../lib/usage/window';
import budgets from './budgets.json' with { type: 'json' };
import { runLighthouse, type FormFactor } from './lighthouse-run';
import { measureFloor, measurePageTime, type PageTime, type TimedPage } from './page-time';
import { judgeWeight, measureScripts } from './page-weight';
import { finishBench, formatNumber, type BenchResults, type Figure } from './results';
import { sleep, startStack } from './stack';

const ROBOTS = 200;
const knobs = readSettings(['BENCH_PAGE_RUNS', 'BENCH_NETWORK_MS', 'LIGHTHOUSE_REPORTS_DIR']);
const TIME_RUNS = knobs.BENCH_PAGE_RUNS;
// The network between a deployed dashboard and the Partner API, modelled for context figures only:
// a round trip between two regions of one continent. The budgeted figures use the sandbox as it is.
const MODELLED_NETWORK_MS = knobs.BENCH_NETWORK_MS;
const budget = budgets.pages;
const began = Date.now();

function robot(n: number): NewRobot {
  const channels: NewRobot['channels'] =
    n % 10 === 0
      ? [
          { type: 'social_dm', is_active: true, username: `shop.${n}` },
          { type: 'widget', is_active: true },
        ]
      : n % 3 === 0
        ? [{ type: 'widget', is_active: n % 2 === 0 }]
        : [];
  return { name: `Customer ${n}`, external_id: `cust-${n}`, model: n % 4 === 0 ? 'enhanced' : 'standard', channels };
}

const stack = await startStack({
  account: { name: 'Pages partner', capacity: 1_000, rate_limit_per_minute: 20_000, roles: ['robot_creation', 'social_dm'] },
  receiveWebhooks: true,
  latencyProxy: true,
  seed: async (control, account) => {
    for (let start = 0; start < ROBOTS; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => control.createRobot(account.account_id, robot(start + i)).then((r) => unwrap(r, 'robot'))),
      );
    }
    unwrap(await control.simulateHistory(account.account_id, { days: 30, seed: 14 }), 'history');
  },
});

let results: BenchResults | undefined;
try {
  const { base, cookie, control, account } = stack;
  const api = async <T>(call: string): Promise<T> => {
    const res = await fetch(`${stack.sandboxUrl}/v1${call}`, { headers: { authorization: `Bearer ${account.api_key}` } });
    if (!res.ok) throw new Error(`${call} answered ${res.status}`);
    return (await res.json()) as T;
  };
  type Listed = { data: { id: string; channels?: unknown[] }[] };
  const robots = (await api<Listed>('/robots?limit=100&offset=0')).data;
  const robotId = robots.find((r) => (r.channels?.length ?? 0) > 1)?.id ?? robots[0]?.id ?? '';
  // Live conversations make the service deliver events to the dashboard's receiver (deliveries, the event log).
  for (const r of robots.slice(0, 12)) {
    unwrap(
      await control.createConversation(r.id, {
        messages: [
          { role: 'client', text: 'Hello, is the shop open on Sunday?' },
          { role: 'ai', text: 'Yes, from ten to four.' },
        ],
      }),
      'conversation',
    );
  }
  let deliveryId = '';
  for (let i = 0; i < 100 && !deliveryId; i++) {
    deliveryId = (await api<{ data: { delivery_id: string }[] }>('/webhooks/deliveries?limit=1&offset=0')).data[0]?.delivery_id ?? '';
    if (!deliveryId) await sleep(200);
  }
  if (!deliveryId) throw new Error('the service made no webhook delivery');
  const conversation = unwrap(
    await control.createConversation(robotId, { channel_type: 'widget', messages: [{ role: 'client', text: 'Hello' }] }),
    'conversation',
  );
  // Every page of every section, as the nav lists them (lib/navigation/sections.ts).
  const pages = everyPagePath({ robotId, deliveryId, conversationId: conversation.conversation_id });
  const label = (p: string) => p.replace(robotId, '<id>').replace(deliveryId, '<id>').replace(conversation.conversation_id, '<id>');

  // The calls each page makes, from the data layer: the robots list looks at the newest page of
  // robots (lib/robots/robots.ts lookAtNewest), usage reads the report 100 robots a call when its
  // snapshot is stale (lib/usage/snapshots.ts), webhooks lists 20 deliveries (lib/deliveries/deliveries.ts).
  const usageWindow = resolveWindow({}, new Date()).window;
  const usageCall = (offset: number) =>
    `/usage?from=${encodeURIComponent(rfc3339(usageWindow.from))}&to=${encodeURIComponent(rfc3339(usageWindow.to))}&limit=100&offset=${offset}`;
  const timed: TimedPage[] = [
    { name: 'robots', path: '/robots', calls: ['/robots?limit=100&offset=0'] },
    { name: 'usage', path: '/usage', calls: [usageCall(0), usageCall(100)] },
    { name: 'deliveries', path: '/webhooks', calls: ['/webhooks/deliveries?limit=20&offset=0'] },
  ];

  const figures: Figure[] = [];
  const add = (figure: string, value: string, budgetText: string, ok: boolean) => figures.push({ figure, value, budget: budgetText, ok });

  console.log('timing the robots, usage and deliveries pages…');
  const target = { base, cookie, apiUrl: stack.apiUrl, apiKey: account.api_key };
  const describe = (page: TimedPage, t: PageTime) =>
    `${page.name}: TTFB ${t.ttfbMs.toFixed(1)} ms, document ${t.documentMs.toFixed(1)} ms, API ${t.apiMs.toFixed(1)} ms ` +
    `(${page.calls.length} calls listed, ${t.callsPerRender.toFixed(2)} made per render), own cost ${(t.ownCost * 100).toFixed(0)}%`;
  for (const page of timed) {
    const t = await measurePageTime(target, page, TIME_RUNS);
    console.log(describe(page, t));
    add(`${page.name} page TTFB (p50)`, `${formatNumber(t.ttfbMs, 1)} ms`, '', true);
    add(`${page.name} page document (p50)`, `${formatNumber(t.documentMs, 1)} ms`, '', true);
    add(
      `${page.name} page API calls alone (p50)`,
      `${formatNumber(t.apiMs, 1)} ms (${formatNumber(t.callsPerRender, 2)} of ${page.calls.length} calls per render)`,
      '',
      true,
    );
    add(
      `${page.name} page own cost`,
      `${formatNumber(t.ownCost * 100)}% of its time (${formatNumber(t.documentMs - t.apiMs, 1)} ms)`,
      `< ${formatNumber(budget.ownCostRatio * 100)}%`,
      t.ownCost < budget.ownCostRatio,
    );
  }
  // The same pages with every call crossing a modelled network, page and API alike (context only).
  stack.proxy?.setDelay(MODELLED_NETWORK_MS);
  for (const page of timed) {
    const t = await measurePageTime(target, page, TIME_RUNS);
    console.log(`${describe(page, t)} (through ${MODELLED_NETWORK_MS} ms)`);
    add(
      `${page.name} page own cost, every call ${MODELLED_NETWORK_MS} ms longer (context)`,
      `${formatNumber(t.ownCost * 100)}% of ${formatNumber(t.documentMs, 1)} ms`,
      '',
      true,
    );
  }
  stack.proxy?.setDelay(0);

  // What Next costs here before the dashboard does anything: the own-cost ratio cannot go below these.
  const healthMs = await measureFloor(base, '/api/health', TIME_RUNS);
  const signInMs = await measureFloor(base, '/login', TIME_RUNS);
  add('floor: `/api/health` route, no session, no API call (p50)', `${formatNumber(healthMs, 1)} ms`, '', true);
  add('floor: `/login` page, no session, no API call (p50)', `${formatNumber(signInMs, 1)} ms`, '', true);

  console.log('measuring JavaScript per page…');
  const weights = await measureScripts(base, cookie, pages);
  for (const [p, weight] of weights) {
    const judged = judgeWeight(weight, budget);
    add(`${label(p)} JavaScript (gzip)`, judged.value, judged.budget, judged.ok);
  }

  console.log('running Lighthouse on every page, desktop and mobile…');
  const perfBudget: Record<FormFactor, number> = {
    desktop: budget.lighthouseDesktopPerformance,
    mobile: budget.lighthouseMobilePerformance,
  };
  const scores = await runLighthouse(base, cookie, pages, perfBudget, knobs.LIGHTHOUSE_REPORTS_DIR);
  for (const [p, byForm] of scores) {
    for (const form of ['desktop', 'mobile'] as const) {
      const s = byForm[form];
      const measured = s.runs.length > 1 ? `${s.performance} (median of ${s.runs.join(', ')})` : String(s.performance);
      add(`${label(p)} Lighthouse ${form} performance`, measured, `≥ ${perfBudget[form]}`, s.performance >= perfBudget[form]);
      add(
        `${label(p)} Lighthouse ${form} accessibility`,
        String(s.accessibility),
        `≥ ${budget.lighthouseAccessibility}`,
        s.accessibility >= budget.lighthouseAccessibility,
      );
      if (s.losses.length > 0) console.log(`  ${label(p)} ${form}: ${s.losses.join(', ')}`);
    }
  }

  const seconds = (Date.now() - began) / 1000;
  results = {
    bench: 'pages',
    setup: `Pages: ${ROBOTS} robots with channels, 30 days of usage, webhook deliveries; ${TIME_RUNS} timed renders per page (p50); the whole run took ${formatNumber(seconds)} s`,
    figures,
  };
} finally {
  await stack.close();
}
finishBench(results);
