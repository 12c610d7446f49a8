/**
 * Mutation scores per module from Stryker's JSON report (mutation-testing-report-schema), counted
 * as Stryker counts them: killed and timed-out mutants over every mutant that ran or had no test.
 * Mutants that did not compile, failed to start, or were ignored do not count.
 */
import { z } from 'zod';

export const MINIMUM_SCORE_PERCENT = 90;

const mutationReport = z.object({
  files: z.record(z.string(), z.object({ mutants: z.array(z.object({ status: z.string() })) })),
});

export type ModuleScore = { module: string; killed: number; survived: number; noCoverage: number; ignored: number; scorePercent: number };

export function moduleScores(reportJson: unknown): ModuleScore[] {
  const report = mutationReport.parse(reportJson);
  return Object.entries(report.files)
    .map(([module, { mutants }]) => {
      const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
      const killed = count('Killed', 'Timeout');
      const survived = count('Survived');
      const noCoverage = count('NoCoverage');
      const ignored = count('Ignored');
      const judged = killed + survived + noCoverage;
      return { module, killed, survived, noCoverage, ignored, scorePercent: judged === 0 ? 100 : (100 * killed) / judged };
    })
    .sort((a, b) => a.module.localeCompare(b.module));
}

/** One line per module, e.g. ` 94.12 %  lib/connection/budget.ts  (64 killed, 4 survived, 0 without a test, 0 equivalent)`. */
export function scoreLine(score: ModuleScore): string {
  const verdict = score.scorePercent < MINIMUM_SCORE_PERCENT ? `  below ${MINIMUM_SCORE_PERCENT} %` : '';
  return `${score.scorePercent.toFixed(2).padStart(6)} %  ${score.module}  (${score.killed} killed, ${score.survived} survived, ${score.noCoverage} without a test, ${score.ignored} equivalent)${verdict}`;
}
