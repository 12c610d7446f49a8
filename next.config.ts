import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { sourceBuildId } from './lib/config/build-id';
import { exportSetting, processEnvironment } from './lib/config/process-env';
import { serverActionsKey } from './lib/config/server-actions-key';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  // pages/ holds the webhook receiver: bundle its dependencies as the app router does, so that
  // `server-only` resolves to its server (empty) module there instead of being loaded as is.
  bundlePagesRouterDependencies: true,
  generateBuildId: () => sourceBuildId(process.cwd()),
};

export default function config(phase: string): NextConfig {
  // Before Next draws a random key for the build: instances built separately must name their
  // server actions alike. Only at build time, so a server keeps the key its own build recorded.
  const actionsKey = serverActionsKey(processEnvironment());
  if (phase === PHASE_PRODUCTION_BUILD && actionsKey?.source === 'AUTH_SECRET') {
    exportSetting('NEXT_SERVER_ACTIONS_ENCRYPTION_KEY', actionsKey.key);
  }
  return nextConfig;
}
