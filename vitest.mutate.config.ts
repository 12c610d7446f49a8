import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The tests `npm run mutate` runs (stryker.config.mjs). Every API test starts a whole sandbox, so
 * Vitest's related mode would count all of them as tests of the sandbox's channel rules, and a
 * mutant Stryker cannot trace to single tests (a module-level constant such as the bot-token
 * pattern) would run them all. These are the ones that exercise the rules; the dashboard's unit and
 * store tests stay whole.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    ...base.test,
    include: [
      'tests/unit/**/*.test.ts',
      'tests/store/**/*.test.ts',
      'tests/api/channels-*.test.ts',
      'tests/api/robots.test.ts',
      'tests/api/panel-robots.test.ts',
      'tests/api/panel-accounts.test.ts',
      'tests/api/isolation.test.ts',
    ],
  },
});
