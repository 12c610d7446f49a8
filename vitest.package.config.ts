import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The sandbox packed and installed as an integrator would: a step of its own in the test command,
// so that building better-sqlite3 from source never competes with the timing of the other suites.
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['tests/package/**/*.test.ts'], environment: 'node', pool: 'forks', testTimeout: 60_000, hookTimeout: 600_000 },
});
