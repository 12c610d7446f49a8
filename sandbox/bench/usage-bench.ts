// `npm run bench`: seeds 1,000 robots and 1,000,000 messages over a year into a temporary data
// directory, then times uncached GET /v1/usage over HTTP for a 365-day window (first page of 100
// robots, every page of the account, and one robot) beside the same figures answered by scanning
// the messages. Figures go to docs/sandbox/usage-benchmark.md.
//
// The sandbox runs in a child process (bench-server.ts) and this process is its HTTP client, as a
// partner's client is in another process. BENCH_SERVER=inline starts it in this process instead
// (client and server on one event loop, as the benchmark did before) for comparison.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import { rollupFigures, scanFigures, type Figures } from '../domain/usage-figures';
import { DAY_MS } from '../domain/time-buckets';
import { createSandboxContext } from '../server';
import { BENCH_SERVER_INLINE, startBenchServer } from './bench-server-process';
import budgets from '../../bench/budgets.json' with { type: 'json' };
import { finishBench, formatNumber, type BenchResults, type Figure } from '../../bench/results';
import { seedBenchData } from './seed-bench-data';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
const PAGE = 100;

interface Stats {
  median: number;
  p95: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

interface UsageEntry {
  robot_id: string;
  messages: { units: number; by_role: { client: number; ai: number; operator: number } };
  conversations: { total: number };
}

interface UsagePage {
  data: UsageEntry[];
  pagination: { has_more: boolean };
  metadata: { cache_hit: boolean };
}

const figuresOf = (entry: UsageEntry): Figures => ({
  client: entry.messages.by_role.client,
  ai: entry.messages.by_role.ai,
  operator: entry.messages.by_role.operator,
  units: entry.messages.units,
  conversations: entry.conversations.total,
});

async function main(): Promise<BenchResults> {
  const dir = mkdtempSync(path.join(tmpdir(), 'usage-bench-'));
  try {
    console.log(`seeding ${ROBOTS} robots and ${MESSAGES.toLocaleString('en')} messages into ${dir} …`);
    const ctx = createSandboxContext(dir, console.error);
    const seedNow = ctx.clock.nowMs();
    const seed = seedBenchData(ctx, seedNow, ROBOTS, MESSAGES);
    ctx.store.close();
    const t = seed.timings;
    console.log(
      `seeded ${seed.messages.toLocaleString('en')} messages in ${seed.conversations.toLocaleString('en')} conversations: ` +
        `generate ${fmt(t.generateMs)}, insert ${fmt(t.insertMs)}, roll-ups ${fmt(t.rollupMs)}; ` +
        `largest robot ${seed.largestRobotMessages.toLocaleString('en')} messages`,
    );

    const adminToken = `bench-${Math.random().toString(36).slice(2)}-token`;
    const sandbox = await startBenchServer(dir, adminToken);
    const scanDb = new Database(path.join(dir, 'sandbox.sqlite'), { readonly: true });
    // The same page cache as the sandbox's own connection (store/db.ts), for roll-ups and scan alike.
    scanDb.pragma('cache_size = -65536');
    // The client: node:http on one kept-alive connection (a partner's client would reuse its
    // connection too). Each timed call includes sending the request, the sandbox's whole handling,
    // reading the body and parsing its JSON here.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { Authorization: `Bearer ${seed.apiKey}` };
    const get = (query: string) =>
      new Promise<UsagePage>((resolve, reject) => {
        const request = http.get(`${sandbox.url}/v1/usage?${query}`, { agent, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => {
            if (response.statusCode === 200) resolve(JSON.parse(body) as UsagePage);
            else reject(new Error(`GET /v1/usage?${query} answered ${response.statusCode ?? '?'}: ${body}`));
          });
          response.on('error', reject);
        });
        request.on('error', reject);
      });

    const samples = {
      pageHttp: [] as number[],
      cachedHttp: [] as number[],
      pageRollup: [] as number[],
      pageScan: [] as number[],
      allPagesHttp: [] as number[],
    };
    const one = { http: [] as number[], rollup: [] as number[], scan: [] as number[] };
    // A new window each run (1 s apart, arbitrary time of day at both ends), so none is cached.
    const windowOf = (run: number, shiftMs = 0) => {
      const toMs = seedNow - run * 1000 - shiftMs;
      const fromMs = toMs - 365 * DAY_MS;
      return { fromMs, toMs, query: `from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}` };
    };

    // Over HTTP: first page, one robot, and every 4th run the whole account page by page. The calls
    // run back to back, as the scans below do: timing a call right after a scan, with the sandbox
    // idle meanwhile, adds a wake-up cost of ~1-3 ms here to the first call (measured while writing
    // this), which belongs to neither side.
    const httpAnswers: [UsagePage, UsagePage][] = [];
    let pageIds: string[] = [];
    for (let run = 0; run < RUNS + WARMUP; run += 1) {
      const { query } = windowOf(run);
      const [page, pageMs] = await timeAsync(() => get(`${query}&limit=${PAGE}`));
      if (page.metadata.cache_hit) throw new Error('unexpected cache hit');
      pageIds = page.data.map((entry) => entry.robot_id);
      // The same query again is a cache hit: the fixed cost of a call (HTTP, key, rate limit, JSON).
      const [hit, hitMs] = await timeAsync(() => get(`${query}&limit=${PAGE}`));
      if (!hit.metadata.cache_hit) throw new Error('expected a cache hit');
      const [single, oneMs] = await timeAsync(() => get(`${query}&robot_id=${seed.largestRobotId}`));
      httpAnswers.push([page, single]);
      if (run >= WARMUP && run % 4 === 0) {
        const shifted = windowOf(run, 500).query;
        const [, allMs] = await timeAsync(async () => {
          for (let offset = 0; ; offset += PAGE) {
            const next = await get(`${shifted}&limit=${PAGE}&offset=${offset}`);
            if (!next.pagination.has_more) break;
          }
        });
        samples.allPagesHttp.push(allMs);
      }
      if (run < WARMUP) continue;
      samples.pageHttp.push(pageMs);
      samples.cachedHttp.push(hitMs);
      one.http.push(oneMs);
    }

    // In process, the same windows: roll-ups, then a scan of the messages, each in its own loop so
    // that the scan (which reads most of the messages table) does not evict the roll-ups' pages
    // from the cache between two roll-up runs; the scan's answers are checked against the roll-ups'
    // and against the figures that came over HTTP.
    const rollupAnswers: unknown[] = [];
    for (let run = 0; run < RUNS + WARMUP; run += 1) {
      const { fromMs, toMs } = windowOf(run);
      const [page, pageMs] = time(() => rollupFigures(scanDb, pageIds, fromMs, toMs));
      const [single, singleMs] = time(() => rollupFigures(scanDb, [seed.largestRobotId], fromMs, toMs));
      rollupAnswers.push([page, single]);
      if (run < WARMUP) continue;
      samples.pageRollup.push(pageMs);
      one.rollup.push(singleMs);
    }
    for (let run = 0; run < RUNS + WARMUP; run += 1) {
      const { fromMs, toMs } = windowOf(run);
      const [page, pageMs] = time(() => scanFigures(scanDb, pageIds, fromMs, toMs));
      const [single, singleMs] = time(() => scanFigures(scanDb, [seed.largestRobotId], fromMs, toMs));
      if (!isDeepStrictEqual(rollupAnswers[run], [page, single])) throw new Error(`roll-ups and scan disagree (run ${run})`);
      const [pageAnswer, singleAnswer] = httpAnswers[run] ?? [];
      for (const [answer, scanned] of [
        [pageAnswer, page],
        [singleAnswer, single],
      ] as const) {
        if (!answer) throw new Error(`no HTTP answer for run ${run}`);
        for (const entry of answer.data) {
          if (!isDeepStrictEqual(figuresOf(entry), scanned.get(entry.robot_id)))
            throw new Error(`HTTP and scan disagree (run ${run}, ${entry.robot_id})`);
        }
      }
      if (run < WARMUP) continue;
      samples.pageScan.push(pageMs);
      one.scan.push(singleMs);
    }
    scanDb.close();
    agent.destroy();
    await sandbox.close();

    const row = (label: string, http: number[], rollup: number[], scan: number[]) => {
      const h = stats(http);
      const r = stats(rollup);
      const s = stats(scan);
      return (
        `| ${label} | ${fmt(h.median)} | ${fmt(h.p95)} | ${fmt(r.median)} | ${fmt(s.median)} | ${fmt(s.p95)} | ` +
        `${(s.median / r.median).toFixed(0)}× | ${(s.median / h.median).toFixed(1)}× |`
      );
    };
    const all = stats(samples.allPagesHttp);
    const where = BENCH_SERVER_INLINE ? 'sandbox in this process (BENCH_SERVER=inline)' : 'sandbox in a child process, client in this one';
    console.log(`\n${RUNS} uncached runs per query, 365-day window with arbitrary time-of-day edges; ${where}:\n`);
    console.log(
      '| query | HTTP median | HTTP p95 | roll-ups median (in process) | scan median | scan p95 | scan ÷ roll-ups | scan ÷ HTTP |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(row(`all robots, first page (limit ${PAGE})`, samples.pageHttp, samples.pageRollup, samples.pageScan));
    console.log(row(`one robot (${seed.largestRobotMessages.toLocaleString('en')} messages)`, one.http, one.rollup, one.scan));
    const cached = stats(samples.cachedHttp);
    console.log(
      `\nsame first-page query answered from the cache (the fixed cost of a call): median ${fmt(cached.median)}, p95 ${fmt(cached.p95)}`,
    );
    console.log(
      `whole account over HTTP (${Math.ceil(ROBOTS / PAGE)} pages of ${PAGE}): median ${fmt(all.median)}, p95 ${fmt(all.p95)} (${samples.allPagesHttp.length} runs)`,
    );
    const budget = budgets.usage;
    const figures = (
      [
        [`all robots, first page of ${PAGE}`, samples.pageHttp, samples.pageScan],
        [`one robot (${formatNumber(seed.largestRobotMessages)} messages)`, one.http, one.scan],
      ] as const
    ).flatMap(([label, http, scan]): Figure[] => {
      const h = stats(http).median;
      const ratio = stats(scan).median / h;
      return [
        {
          figure: `uncached GET /v1/usage, 365 days, ${label}: HTTP median`,
          value: fmt(h),
          budget: `< ${budget.httpMedianMs} ms`,
          ok: h < budget.httpMedianMs,
        },
        {
          figure: `… the same figures by scanning the messages ÷ HTTP`,
          value: `${ratio.toFixed(1)}×`,
          budget: `≥ ${budget.minScanRatio}×`,
          ok: ratio >= budget.minScanRatio,
        },
      ];
    });
    return {
      bench: 'usage',
      setup: `Usage reports (sandbox/bench/usage-bench.ts): ${formatNumber(ROBOTS)} robots, ${formatNumber(MESSAGES)} messages over a year, ${RUNS} uncached runs per query; ${where}`,
      figures,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

finishBench(await main());
