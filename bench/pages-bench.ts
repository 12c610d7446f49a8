/**
 * The signed-in pages as a user meets them, on an account with 200 robots, channels, 30 days of
 * usage and webhook deliveries: each page's server time beside the sign-in page's in the same run,
 * where that time goes (session, store, call budget, API, the rest), the JavaScript each page
 * downloads, and its Lighthouse scores (desktop and mobile). Budgets come from bench/budgets.json
 * (pages); a miss exits non-zero.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unwrap } from '../sandbox/control-client/client';
import type { NewRobot } from '../sandbox/control-client/types';
import { readSettings } from '../lib/config/settings';
import { everyPagePath } from '../lib/navigation/sections';
import budgets from './budgets.json' with { type: 'json' };
import { calibrateCpuSlowdown } from './cpu-calibration';
import { runLighthouse, type FormFactor } from './lighthouse-run';
import { describeProfile, profileRenders, readSpans } from './page-profile';
import { measureAgainstLogin, type PageTime } from './page-time';
import { judgeWeight, measureScripts } from './page-weight';
import { finishBench, formatNumber, type BenchResults, type Figure } from './results';
import { sleep, startStack, waitForFirstFilling } from './stack';

const ROBOTS = 200;
const knobs = readSettings(['BENCH_PAGE_RUNS', 'BENCH_NETWORK_MS', 'LIGHTHOUSE_REPORTS_DIR']);
const TIME_RUNS = knobs.BENCH_PAGE_RUNS;
// The network between a deployed dashboard and the Partner API, modelled for context figures only:
// a round trip between two regions of one continent. The budgeted figures use the sandbox as it is.
const MODELLED_NETWORK_MS = knobs.BENCH_NETWORK_MS;
const budget = budgets.pages;
const began = Date.now();
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'pages-profile-'));
const profileFile = path.join(profileDir, 'spans.jsonl');

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
  profileFile,
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
  // Every page of every section, as the nav lists them (lib/navigation/sections.ts): the overview
  // `/` and the Webhooks page with its health view `/webhooks` among them.
  const pages = everyPagePath({ robotId, deliveryId, conversationId: conversation.conversation_id });
  for (const must of ['/', '/webhooks']) if (!pages.includes(must)) throw new Error(`the section list no longer has ${must}`);
  const label = (p: string) => p.replace(robotId, '<id>').replace(deliveryId, '<id>').replace(conversation.conversation_id, '<id>');

  const figures: Figure[] = [];
  const add = (figure: string, value: string, budgetText: string, ok: boolean) => figures.push({ figure, value, budget: budgetText, ok });
  const ms = (v: number) => `${formatNumber(v, 1)} ms`;

  // Pages are timed as they are once the first filling is over, not while it bursts through the
  // bench's raised call limit (docs/benchmarks.md).
  console.log('waiting for the first filling (robot directory, the year of usage days)…');
  const filledInMs = await waitForFirstFilling(stack);
  console.log(`the first filling ended ${formatNumber(filledInMs / 1000)} s after the pages were set up`);
  console.log(`timing every page beside /login, ${TIME_RUNS} renders each…`);
  const timed: { path: string; time: PageTime }[] = [];
  for (const p of pages) {
    const time = await measureAgainstLogin(stack, p, TIME_RUNS);
    timed.push({ path: p, time });
    const ok = time.ratio <= budget.maxRatioToLogin;
    console.log(
      `${label(p)}: ${ms(time.documentMs)}, /login ${ms(time.loginMs)}, ${formatNumber(time.ratio, 2)}× ` +
        `(${formatNumber(time.callsPerRender, 2)} API calls per render): ${ok ? 'pass' : 'FAIL'}`,
    );
    add(
      `${label(p)} document (p50) beside /login's, same run`,
      `${ms(time.documentMs)} / ${ms(time.loginMs)} = ${formatNumber(time.ratio, 2)}×`,
      `≤ ${formatNumber(budget.maxRatioToLogin, 1)}× /login`,
      ok,
    );
  }

  console.log('where the time goes (mean per render):');
  // The dashboard writes its profile lines in batches a few milliseconds after each render.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const spans = readSpans(profileFile);
  const loginProfile = profileRenders(
    timed.flatMap((t) => t.time.loginRenders),
    spans,
  );
  for (const { path: p, time } of timed) {
    const profile = profileRenders(time.pageRenders, spans);
    console.log(`  ${label(p)}: ${describeProfile(profile)}`);
    add(`${label(p)} parts, mean per render`, describeProfile(profile), '', true);
  }
  console.log(`  /login: ${describeProfile(loginProfile)}`);
  add('/login parts, mean per render', describeProfile(loginProfile), '', true);

  // The same ratio with every API call crossing a modelled network, for the pages that call at
  // render (context only: /login makes no call, so this shows what the network adds, not the dashboard).
  stack.proxy?.setDelay(MODELLED_NETWORK_MS);
  for (const { path: p } of timed.filter((t) => t.time.callsPerRender > 0)) {
    const time = await measureAgainstLogin(stack, p, TIME_RUNS);
    console.log(`${label(p)} through ${MODELLED_NETWORK_MS} ms: ${ms(time.documentMs)}, ${formatNumber(time.ratio, 2)}× /login`);
    add(
      `${label(p)}, every API call ${MODELLED_NETWORK_MS} ms longer (context)`,
      `${ms(time.documentMs)} = ${formatNumber(time.ratio, 2)}× /login`,
      '',
      true,
    );
  }
  stack.proxy?.setDelay(0);

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
  const calibration = await calibrateCpuSlowdown();
  const slowdown = `${formatNumber(calibration.cpuSlowdownMultiplier, 1)}×`;
  console.log(
    `mobile CPU slowdown ${slowdown} for BenchmarkIndex ${formatNumber(calibration.benchmarkIndex)} (${calibration.samples.join(', ')})`,
  );
  add(
    'Lighthouse mobile CPU slowdown, calibrated to this host (context)',
    `${slowdown} for BenchmarkIndex ${formatNumber(calibration.benchmarkIndex)} (median of ${calibration.samples.map((i) => formatNumber(i)).join(', ')}; Lighthouse's default 4× is right at about 1,533)`,
    '',
    true,
  );
  const scores = await runLighthouse(base, cookie, pages, perfBudget, calibration.cpuSlowdownMultiplier, knobs.LIGHTHOUSE_REPORTS_DIR);
  for (const [p, byForm] of scores) {
    for (const form of ['desktop', 'mobile'] as const) {
      const s = byForm[form];
      const runs = s.runs.length > 1 ? `${s.performance} (median of ${s.runs.join(', ')})` : String(s.performance);
      const indexes = `BenchmarkIndex ${s.benchmarkIndexes.map((i) => formatNumber(i)).join(', ')}`;
      const measured = form === 'mobile' ? `${runs}; ${slowdown} CPU, ${indexes}` : runs;
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
    setup: `Pages: ${ROBOTS} robots with channels, 30 days of usage, webhook deliveries; timed once the first filling ended (${formatNumber(filledInMs / 1000)} s); ${TIME_RUNS} timed renders per page, each followed by one of /login (p50); the whole run took ${formatNumber(seconds)} s`,
    figures,
  };
} finally {
  await stack.close();
  rmSync(profileDir, { recursive: true, force: true });
}
finishBench(results);
