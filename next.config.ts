import type { NextConfig } from 'next';
import { STATIC_SECURITY_HEADERS } from './lib/security/headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  // pages/ holds the webhook receiver: bundle its dependencies as the app router does, so that
  // `server-only` resolves to its server (empty) module there instead of being loaded as is.
  bundlePagesRouterDependencies: true,
  // The proxy sets these with the policy; this covers what it does not see (static files, the upload relay).
  async headers() {
    return [{ source: '/:path*', headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
