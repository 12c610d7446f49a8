/**
 * The demo logins seeded into an empty dashboard database. Shared with the launcher, which
 * prints them, and with the end-to-end tests.
 */
export const DEMO_USERS = [
  { email: 'admin@example.com', name: 'Demo Admin', role: 'admin', password: 'demo-admin-pass' },
  { email: 'viewer@example.com', name: 'Demo Viewer', role: 'viewer', password: 'demo-viewer-pass' },
] as const;
