import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/e2e-env';
import { readSettings } from './lib/config/settings';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags';

const knobs = readSettings(['CI', 'PLAYWRIGHT_JSON_OUTPUT_FILE', 'CHROMIUM_PATH']);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(knobs.CI),
  reporter: [['list'], ['json', { outputFile: knobs.PLAYWRIGHT_JSON_OUTPUT_FILE }]],
  outputDir: 'test-results',
  use: {
    baseURL: E2E.dashboardUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: knobs.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  webServer: {
    // A fresh data directory per run: every test seeds what it needs through the control API.
    command: `rm -rf ${E2E.dataDir} && node_modules/.bin/tsx scripts/launch.ts start`,
    url: `${E2E.dashboardUrl}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.dashboardPort),
      SANDBOX_PORT: String(E2E.sandboxPort),
      DATA_DIR: E2E.dataDir,
      SANDBOX_ADMIN_TOKEN: E2E.adminToken,
      AUTH_SECRET: E2E.authSecret,
      // Tests compare figures with the API, so no background traffic moves them.
      SANDBOX_SIMULATOR: 'off',
      // The launcher passes the sandbox's stdout through: a line per API call would bury the report.
      SANDBOX_REQUEST_LOG: 'off',
      // The tests are the account's only traffic: the dashboard may use all of its call budget.
      DASHBOARD_CALL_SHARE_PERCENT: '100',
      // Specs that wait for the watch to see an endpoint fail or recover wait 15 s, not a minute.
      DELIVERY_WATCH_EVERY_SECONDS: '15',
      PARTNER_API_URL: '',
      PARTNER_API_KEY: '',
    },
  },
});
