/**
 * Reading the JSON reports of vitest and Playwright for `npm test`: the counts, and each failure's name
 * with the first lines of its message. The failures are repeated under the summary because CI keeps
 * only the end of the log, where a failure printed minutes earlier is lost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  testResults: z
    .array(
      z.object({
        name: z.string(),
        status: z.string().optional(),
        message: z.string().optional(),
        assertionResults: z.array(z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).optional() })),
      }),
    )
    .optional(),
});
export type VitestReport = z.infer<typeof vitestReport>;

const playwrightSpec = z.object({
  title: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
  ok: z.boolean(),
  tests: z.array(z.object({ results: z.array(z.object({ error: z.object({ message: z.string().optional() }).optional() })) })),
});
type PlaywrightSuite = { specs?: z.infer<typeof playwrightSpec>[]; suites?: PlaywrightSuite[] };
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({ specs: z.array(playwrightSpec).optional(), suites: z.array(playwrightSuite).optional() }),
);
export const playwrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number() }),
  suites: z.array(playwrightSuite).optional(),
});
export type PlaywrightReport = z.infer<typeof playwrightReport>;

/** A report that is missing or not of the expected shape reads as undefined: the caller counts a failure. */
export function readReport<T>(file: string, schema: z.ZodType<T>): T | undefined {
  try {
    return schema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

// Six lines hold an assertion's expected and received values; the stack below them is in the log.
const firstLines = (text: string) => text.split('\n').slice(0, 6).join('\n    ');

export function vitestFailures(suite: string, report: VitestReport, root = process.cwd()): string[] {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')) {
      failures.push(`[${suite}] ${where}\n    ${firstLines(file.message || 'the file failed outside its tests')}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === 'failed')
        failures.push(`[${suite}] ${where} › ${test.fullName}\n    ${firstLines(test.failureMessages?.[0] ?? '')}`);
    }
  }
  return failures;
}

export function playwrightFailures(report: PlaywrightReport): string[] {
  const failures: string[] = [];
  const visit = (suites: PlaywrightSuite[]) => {
    for (const suite of suites) {
      for (const spec of suite.specs ?? []) {
        if (spec.ok) continue;
        const error = spec.tests.flatMap((test) => test.results).find((result) => result.error?.message)?.error?.message ?? '';
        failures.push(`[e2e] ${spec.file ?? ''}:${spec.line ?? ''} › ${spec.title}\n    ${firstLines(error)}`);
      }
      visit(suite.suites ?? []);
    }
  };
  visit(report.suites ?? []);
  return failures;
}
