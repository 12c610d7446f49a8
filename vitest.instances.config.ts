import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Tests that need the built dashboard and a PostgreSQL cluster: run by the test command after `next build`.
export default defineConfig({
  resolve: base.resolve,
  test: { include: ['tests/instances/**/*.test.ts'], environment: 'node', pool: 'forks', testTimeout: 120_000, hookTimeout: 180_000 },
});
