import 'server-only';
import type { z } from 'zod';
import { firstProblem, settingsSchema } from './settings';
import { processEnvironment } from './process-env';

/**
 * The dashboard server's configuration, read once. The launcher checks the same settings (one
 * list, settings.ts) before anything starts; this guards the server against being started another way.
 */
const serverEnvSchema = settingsSchema([
  'DATA_DIR',
  'DATABASE_URL',
  'AUTH_SECRET',
  'AUTH_URL',
  'PARTNER_API_URL',
  'PARTNER_API_KEY',
  'PARTNER_API_MODE',
  'PARTNER_WEBHOOK_SECRET',
  'PARTNER_WEBHOOK_TOKEN',
  'PARTNER_RATE_LIMIT_PER_MINUTE',
  'DASHBOARD_CALL_SHARE_PERCENT',
  'ROBOT_DIRECTORY_SYNC',
  'DELIVERY_WATCH',
  'DELIVERY_WATCH_EVERY_SECONDS',
  'ALERT_ALLOW_HTTP',
  'ALERT_ALLOW_PRIVATE_ADDRESSES',
]).readonly();

export type DashboardEnv = Omit<z.infer<typeof serverEnvSchema>, 'AUTH_SECRET' | 'AUTH_URL'> & {
  AUTH_SECRET: string;
  /** The public origin when the operator fixed it (AUTH_URL), without a trailing slash. */
  publicUrl: string | null;
  dataDir: string;
};

let cached: DashboardEnv | undefined;

// Lazy so that `next build` can collect pages without runtime secrets.
export function getEnv(): DashboardEnv {
  if (cached) return cached;
  const parsed = serverEnvSchema.safeParse(processEnvironment());
  if (!parsed.success) throw new Error(`Invalid setting: ${firstProblem(parsed.error)}`);
  const { AUTH_SECRET, AUTH_URL, ...rest } = parsed.data;
  if (!AUTH_SECRET) throw new Error('Invalid setting: AUTH_SECRET must be at least 32 characters');
  cached = { ...rest, AUTH_SECRET, publicUrl: AUTH_URL?.replace(/\/+$/, '') ?? null, dataDir: rest.DATA_DIR };
  return cached;
}
