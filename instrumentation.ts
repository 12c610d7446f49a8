/**
 * Runs once when a dashboard server starts: against a real service the published demo logins are
 * disabled, then the robot directory's background sync begins.
 */
export async function register(): Promise<void> {
  // Next requires this exact test to leave the Node-only imports below out of the edge bundle.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv } = await import('./lib/config/env');
  if (getEnv().PARTNER_API_MODE !== 'sandbox') {
    const { retirePublishedLogins } = await import('./lib/auth/published-logins');
    // A store that cannot be opened yet is retried by the first request; sign-in refuses the published
    // passwords against a real service whatever this finds (lib/auth/sign-in-attempt.ts).
    const retired = await retirePublishedLogins().catch((error: unknown) => {
      console.warn(`[security] Could not check for demo logins yet: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    if (retired.length > 0) console.warn(`[security] Disabled demo logins with published passwords: ${retired.join(', ')}`);
  }
  if (getEnv().ROBOT_DIRECTORY_SYNC === 'off') return;
  const { startDirectorySync } = await import('./lib/robots/directory-scheduler');
  startDirectorySync();
}
