// Mutation testing of the modules that guard security and money: `npm run mutate` (scripts/mutate.ts).
// Not part of `npm test`: a full run takes tens of minutes on two cores.

/** The modules under mutation; scripts/mutate.ts scores each one on its own. */
export const MUTATED_MODULES = [
  'lib/connection/budget.ts',
  'lib/inbound-events/receiver.ts',
  'lib/inbound-events/node-request.ts',
  'lib/auth/throttle.ts',
  'lib/auth/safe-return-path.ts',
  'sandbox/domain/channels.ts',
  'sandbox/domain/channel-connect.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  mutate: MUTATED_MODULES,
  testRunner: 'vitest',
  // Vitest's related mode picks, among vitest.mutate.config.ts's tests, those that import a mutated
  // module. No `testFiles` list: with one, mutants of module-level constants can be reported as
  // survived although the tests kill them.
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  checkers: ['typescript'],
  // Type-checks the mutated modules and what they import, not the whole app: a mutant is checked in
  // seconds instead of a minute. (The list repeats MUTATED_MODULES; tsconfig files cannot import.)
  tsconfigFile: 'tsconfig.stryker.json',
  coverageAnalysis: 'perTest',
  // Mutants argued equivalent, one expression at a time: reported as Ignored, with the reason.
  appendPlugins: ['./scripts/mutation-equivalents.mjs'],
  ignorers: ['equivalent-mutants'],
  // Two cores: one test runner beside the type checker.
  concurrency: 1,
  // The store tests wait on PostgreSQL and the API tests on a sandbox over HTTP: allow for a busy machine.
  timeoutMS: 20_000,
  // Nothing the tests read: build output, local data and browser-test leftovers stay out of the sandbox copy.
  ignorePatterns: ['.next', '.data', '.data-*', 'bench/.results', 'test-results', 'playwright-report', 'blob-report', 'e2e'],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // scripts/mutate.ts judges each module against 90 %; Stryker's own break is left off.
  thresholds: { high: 90, low: 80, break: null },
};

export default config;
