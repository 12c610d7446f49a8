/** Where the end-to-end run starts both servers; kept apart from the dev defaults (3000/4010). */
export const E2E = {
  dashboardPort: 3100,
  sandboxPort: 4110,
  dashboardUrl: 'http://localhost:3100',
  sandboxUrl: 'http://127.0.0.1:4110',
  dataDir: '.data-e2e',
  adminToken: 'e2e-sandbox-admin-token-0123456789',
  /** The dashboard's session secret in the run, so a spec can make a session cookie no sign-in would. */
  authSecret: 'e2e-auth-secret-0123456789abcdefghijklmnopqrstuvwxyz',
} as const;
