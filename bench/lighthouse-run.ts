/**
 * Lighthouse (performance and accessibility only) on signed-in pages, desktop and mobile, in one
 * Chromium that every run shares; the session rides along as a header, as a browser would send it.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './stack';

export type FormFactor = 'desktop' | 'mobile';
export interface Scores {
  /** The run's score, or the median of five runs when the first fell below the budget. */
  performance: number;
  /** Each run's performance score, in the order run. */
  runs: number[];
  accessibility: number;
  /** The BenchmarkIndex Lighthouse measured in each run, in the order run. */
  benchmarkIndexes: number[];
  /** The audits that cost points, with their scores, for whoever has to fix them. */
  losses: string[];
}

const CATEGORIES = ['performance', 'accessibility'];

function losses(lhr: Result): string[] {
  const ids = new Set(
    CATEGORIES.flatMap((c) => (lhr.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 || c === 'performance').map((r) => r.id)),
  );
  return [...ids]
    .map((id) => lhr.audits[id])
    .filter((a) => a !== undefined && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a?.id} ${a?.score ?? ''}${a?.displayValue ? ` (${a.displayValue})` : ''}`);
}

/** Runs of a pair whose first run missed its budget, the first included (see runLighthouse). */
const MEDIAN_OF = 5;

/**
 * Left out of every run: they score nothing in either category, and the back/forward-cache check
 * navigates away and back, which with the screenshots took about 1.7 s of each 7.7 s run here.
 */
const NOT_SCORED = { disableFullPageScreenshot: true, skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'] };

/** Lighthouse's own mobile settings, with the CPU slowdown calibrated for this host (bench/cpu-calibration.ts). */
function mobileConfig(cpuSlowdownMultiplier: number): Config {
  return { extends: 'lighthouse:default', settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } } };
}

/**
 * A pair whose first run falls below `performanceBudget` is run four times more and the median of
 * the five is kept: the performance score moves by several points from run to run on one build, and
 * Lighthouse's own advice is to take the median of five runs; five runs of all 26 pairs would not
 * fit the bench's ten minutes. Every run's score is kept in `runs`, so a retried pair shows all five.
 */
export async function runLighthouse(
  base: string,
  cookie: string,
  paths: string[],
  performanceBudget: Record<FormFactor, number>,
  mobileCpuSlowdown: number,
  reportsDir?: string,
): Promise<Map<string, Record<FormFactor, Scores>>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] });
  const once = async (pagePath: string, formFactor: FormFactor, attempt: number): Promise<Scores> => {
    const config = formFactor === 'desktop' ? desktopConfig : mobileConfig(mobileCpuSlowdown);
    const run = await lighthouse(
      `${base}${pagePath}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders: { Cookie: cookie }, ...NOT_SCORED },
      config,
    );
    if (!run) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const { lhr } = run;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname === '/login') throw new Error(`Lighthouse on ${pagePath} was sent to sign in`);
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_')}-${formFactor}-${attempt}.json`;
      fs.writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
    }
    const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    return {
      performance,
      runs: [performance],
      benchmarkIndexes: [Math.round(lhr.environment.benchmarkIndex)],
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      losses: losses(lhr),
    };
  };
  const result = new Map<string, Record<FormFactor, Scores>>();
  try {
    for (const pagePath of paths) {
      const scores: Partial<Record<FormFactor, Scores>> = {};
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const first = await once(pagePath, formFactor, 1);
        if (first.performance >= performanceBudget[formFactor]) {
          scores[formFactor] = first;
          continue;
        }
        const all = [first];
        for (let attempt = 2; attempt <= MEDIAN_OF; attempt += 1) all.push(await once(pagePath, formFactor, attempt));
        const median = [...all].sort((a, b) => a.performance - b.performance)[Math.floor(MEDIAN_OF / 2)] ?? first;
        scores[formFactor] = { ...median, runs: all.map((s) => s.performance), benchmarkIndexes: all.flatMap((s) => s.benchmarkIndexes) };
      }
      if (scores.desktop && scores.mobile) result.set(pagePath, { desktop: scores.desktop, mobile: scores.mobile });
    }
  } finally {
    chrome.kill();
  }
  return result;
}
