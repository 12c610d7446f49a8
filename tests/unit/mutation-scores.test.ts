import { describe, expect, it } from 'vitest';
import { moduleScores, scoreLine } from '../../scripts/mutation-scores';

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('npm run mutate’s score per module', () => {
  it('counts killed and timed-out mutants over those that ran or had no test, as Stryker does; equivalent (ignored) ones are left out', () => {
    const scores = moduleScores({
      files: {
        'lib/b.ts': mutants('Killed', 'Timeout', 'Survived', 'NoCoverage', 'CompileError', 'RuntimeError', 'Ignored'),
        'lib/a.ts': mutants('Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Killed', 'Survived'),
      },
    });
    expect(scores).toEqual([
      { module: 'lib/a.ts', killed: 9, survived: 1, noCoverage: 0, ignored: 0, scorePercent: 90 },
      { module: 'lib/b.ts', killed: 2, survived: 1, noCoverage: 1, ignored: 1, scorePercent: 50 },
    ]);
    expect(scores.map(scoreLine)).toEqual([
      ' 90.00 %  lib/a.ts  (9 killed, 1 survived, 0 without a test, 0 equivalent)',
      ' 50.00 %  lib/b.ts  (2 killed, 1 survived, 1 without a test, 1 equivalent)  below 90 %',
    ]);
  });

  it('refuses a report that is not Stryker’s', () => {
    expect(() => moduleScores({ schemaVersion: '2' })).toThrow();
  });
});
