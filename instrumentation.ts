/**
 * Runs once when a dashboard server starts: on a shared database, a build whose server-action key
 * differs from a running instance's refuses to start; against a real service the published demo
 * logins are disabled; then the robot directory's background sync and the deliveries watch begin, each
 * on the one instance that holds its lock.
 */
export async function register(): Promise<void> {
  // Next requires this exact test to leave the Node-only imports below out of the edge bundle.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv } = await import('./lib/config/env');
  if (getEnv().DATABASE_URL) await holdBuildFingerprint();
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
  // Each loop runs on one instance at a time, whichever holds its lock (docs/dashboard/background-jobs.md).
  const { runAsLeader } = await import('./lib/jobs/leadership');
  if (getEnv().ROBOT_DIRECTORY_SYNC !== 'off') {
    const { startDirectorySync } = await import('./lib/robots/directory-scheduler');
    runAsLeader('directory-sync', startDirectorySync);
  }
  if (getEnv().DELIVERY_WATCH !== 'off') {
    const { startDeliveryWatch } = await import('./lib/deliveries/watch-scheduler');
    const { refreshEndpointHealth } = await import('./lib/webhook-health/state');
    runAsLeader('deliveries-watch', () => startDeliveryWatch(() => refreshEndpointHealth()));
  }
  const { startAlerts } = await import('./lib/alerts/alert-scheduler');
  runAsLeader('alerts', startAlerts);
  const { startUsageDays } = await import('./lib/usage-series/fill-scheduler');
  runAsLeader('usage-days', startUsageDays);
  const { startRetention } = await import('./lib/retention/scheduler');
  runAsLeader('retention', startRetention);
}

async function holdBuildFingerprint(): Promise<void> {
  const { isDevelopmentServer } = await import('./lib/config/process-env');
  // A development server compiles its own actions as it goes and shares no build.
  if (isDevelopmentServer()) return;
  const { builtKeyFingerprint } = await import('./lib/config/server-actions-key');
  const fingerprint = builtKeyFingerprint();
  if (fingerprint === null) return;
  const { claimBuildFingerprint, keepClaimFresh, refusalMessage } = await import('./lib/deploy/build-fingerprint');
  const claim = await claimBuildFingerprint(fingerprint);
  if (!claim.ok) {
    console.error(`Start-up refused: ${refusalMessage(fingerprint, claim)}`);
    // Serving would break every form this instance renders or receives from the others.
    process.exit(1);
  }
  keepClaimFresh(fingerprint);
}
