/**
 * Lighthouse (performance and accessibility only) on signed-in pages, desktop and mobile, in one
 * Chromium that every run shares; the session rides along as a header, as a browser would send it.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './stack';

export type FormFactor = 'desktop' | 'mobile';
export interface Scores {
  performance: number;
  accessibility: number;
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

/** Scores per page path and form factor. `reportsDir`, when given, keeps each run's full JSON report. */
export async function runLighthouse(
  base: string,
  cookie: string,
  paths: string[],
  reportsDir?: string,
): Promise<Map<string, Record<FormFactor, Scores>>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] });
  const result = new Map<string, Record<FormFactor, Scores>>();
  try {
    for (const pagePath of paths) {
      const scores: Partial<Record<FormFactor, Scores>> = {};
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
        const run = await lighthouse(
          `${base}${pagePath}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders: { Cookie: cookie } },
          config,
        );
        if (!run) throw new Error(`Lighthouse gave no result for ${pagePath}`);
        const { lhr } = run;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`);
        if (new URL(lhr.finalDisplayedUrl).pathname === '/login') throw new Error(`Lighthouse on ${pagePath} was sent to sign in`);
        scores[formFactor] = {
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          losses: losses(lhr),
        };
        if (reportsDir) {
          fs.mkdirSync(reportsDir, { recursive: true });
          const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_')}-${formFactor}.json`;
          fs.writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
        }
      }
      if (scores.desktop && scores.mobile) result.set(pagePath, { desktop: scores.desktop, mobile: scores.mobile });
    }
  } finally {
    chrome.kill();
  }
  return result;
}
