import { readSettings } from '../lib/config/settings';

/**
 * Where the end-to-end run starts both servers; kept apart from the dev defaults (3000/4010).
 * `E2E_PORT_OFFSET` moves both ports, so two checkouts on one machine can run their suites at once.
 */
const offset = readSettings(['E2E_PORT_OFFSET']).E2E_PORT_OFFSET;
const dashboardPort = 3100 + offset;
const sandboxPort = 4110 + offset;

export const E2E = {
  dashboardPort,
  sandboxPort,
  dashboardUrl: `http://localhost:${dashboardPort}`,
  sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
  dataDir: '.data-e2e',
  adminToken: 'e2e-sandbox-admin-token-0123456789',
  /** The dashboard's session secret in the run, so a spec can make a session cookie no sign-in would. */
  authSecret: 'e2e-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz',
} as const;

/** A URL pattern matching the start of `url` exactly (its dots and port included). */
export const urlPattern = (url: string, rest = ''): RegExp => new RegExp(`${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${rest}`);
