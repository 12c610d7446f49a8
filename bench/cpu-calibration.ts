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
import { slowdownForBenchmarkIndex } from './cpu-slowdown';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, percentile } from './stack';

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
