import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playwrightFailures, playwrightReport, readReport, vitestFailures, vitestReport } from '@/scripts/test-reports';

function written(report: unknown): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reports-')), 'report.json');
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

describe("npm test's failure list", () => {
  it('names each failed vitest test with its file and the first lines of its message, and a file that failed outside its tests', () => {
    const file = written({
      numPassedTests: 1,
      numFailedTests: 1,
      numTotalTests: 2,
      testResults: [
        {
          name: '/repo/tests/api/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a counts',
              status: 'failed',
              failureMessages: ['AssertionError: expected 2 to be 3\n- Expected\n+ Received\n\n- 3\n+ 2\n    at one\n    at two'],
            },
          ],
        },
        { name: '/repo/tests/api/b.test.ts', status: 'failed', message: 'Error: Hook timed out in 30000ms', assertionResults: [] },
      ],
    });
    const report = readReport(file, vitestReport);
    if (!report) throw new Error('the report did not read');
    const failures = vitestFailures('vitest', report, '/repo');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('[vitest] tests/api/a.test.ts › a counts');
    expect(failures[0]).toContain('expected 2 to be 3');
    expect(failures[0]).not.toContain('at two');
    expect(failures[1]).toContain('tests/api/b.test.ts');
    expect(failures[1]).toContain('Hook timed out');
  });

  it('names each failed Playwright spec, however deep its suite', () => {
    const file = written({
      config: {},
      errors: [],
      stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
      suites: [
        {
          title: 'usage.spec.ts',
          file: 'usage.spec.ts',
          specs: [{ title: 'draws', ok: true, file: 'usage.spec.ts', line: 3, tests: [{ results: [{ status: 'passed' }] }] }],
          suites: [
            {
              title: 'inner',
              specs: [
                {
                  title: 'keeps the window',
                  ok: false,
                  file: 'usage.spec.ts',
                  line: 9,
                  tests: [{ results: [{ status: 'failed', error: { message: 'expect(locator).toBeVisible() failed' } }] }],
                },
              ],
            },
          ],
        },
      ],
    });
    const report = readReport(file, playwrightReport);
    if (!report) throw new Error('the report did not read');
    expect(playwrightFailures(report)).toEqual(['[e2e] usage.spec.ts:9 › keeps the window\n    expect(locator).toBeVisible() failed']);
  });

  it('reads a missing or malformed report as absent, so the suite counts a failure', () => {
    expect(readReport(path.join(os.tmpdir(), 'no-such-report.json'), vitestReport)).toBeUndefined();
    expect(readReport(written({ numPassedTests: 'many' }), vitestReport)).toBeUndefined();
  });
});
