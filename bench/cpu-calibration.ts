/**
 * The CPU slowdown Lighthouse's mobile run should use on this host. The mobile score simulates a
 * mid-tier phone by multiplying the CPU time it observed on the host; the default 4× assumes a
 * high-end desktop host. Lighthouse's throttling guide ("Calibrating the CPU slowdown") says to
 * calibrate that multiplier from the host's BenchmarkIndex when it is not one, and Lighthouse warns
 * in its own report when the index is low. This host's index moved between about 1,100 and 2,100
 * from run to run, so the bench measures it before the mobile runs and derives the multiplier the
 * way Lighthouse's calibration calculator does: a slower host gets less than 4×, a faster one more.
 */
import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, percentile } from './stack';

/** Below this index Lighthouse's calculator says the host is too slow to emulate the target phone at all. */
const SLOWEST_INDEX = 150;

/**
 * The slowdown that makes this host behave like Lighthouse's mobile device, from the calculator's
 * piecewise-linear fit: 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4× (the default), then one more
 * per 233.
 */
export function slowdownForBenchmarkIndex(index: number): number {
  if (!Number.isFinite(index) || index < SLOWEST_INDEX) {
    throw new Error(`BenchmarkIndex ${index} is too slow to emulate Lighthouse's mobile device`);
  }
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  return 1 + (index - SLOWEST_INDEX) / 650;
}

export interface CpuCalibration {
  /** The median of the samples, the one the slowdown is derived from. */
  benchmarkIndex: number;
  samples: number[];
  /** Rounded to a tenth, as the calculator shows it. */
  cpuSlowdownMultiplier: number;
}

/** Measures Lighthouse's own BenchmarkIndex in a page of the bench's Chromium `samples` times (about 1 s each). */
export async function calibrateCpuSlowdown(samples = 5): Promise<CpuCalibration> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const indexes: number[] = [];
    for (let i = 0; i < samples; i++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    const benchmarkIndex = percentile(indexes, 50);
    return {
      benchmarkIndex,
      samples: indexes,
      cpuSlowdownMultiplier: Math.round(slowdownForBenchmarkIndex(benchmarkIndex) * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
