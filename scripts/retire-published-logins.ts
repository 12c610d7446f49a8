/**
 * Run by the launcher in service mode before the dashboard starts (`tsx --conditions=react-server`):
 * disables the demo logins a data directory kept from sandbox mode, and prints their emails as
 * one JSON line for the start banner. The server does the same at start-up when started another way.
 */
const { retirePublishedLogins } = await import('../lib/auth/published-logins');
const { closeDb } = await import('../lib/db');
try {
  console.log(JSON.stringify(await retirePublishedLogins()));
} finally {
  await closeDb();
}
export {};
