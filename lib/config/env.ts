import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { API_KEY_SHAPE, API_KEY_SHAPE_MESSAGE } from '@/lib/config/api-key';

/**
 * The dashboard's configuration, read once. The launcher (scripts/launch.ts) validates the same
 * settings before anything starts; this schema guards the server against being started another way.
 */
const dashboardEnvSchema = z
  .object({
    DATA_DIR: z.string().min(1).default('.data'),
    /** PostgreSQL shared by every instance; unset, the store is embedded (PGlite) under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres://… connection URL')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters'),
    PARTNER_API_URL: z.url('PARTNER_API_URL must be an absolute http(s) URL').optional(),
    PARTNER_API_KEY: z.string().regex(API_KEY_SHAPE, `PARTNER_API_KEY: ${API_KEY_SHAPE_MESSAGE}`).optional(),
    PARTNER_API_MODE: z.enum(['sandbox', 'real']).default('real'),
    PARTNER_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, 'PARTNER_WEBHOOK_SECRET must be a whsec_… secret')
      .optional(),
    PARTNER_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int('PARTNER_RATE_LIMIT_PER_MINUTE must be a whole number')
      .min(1)
      .max(100_000)
      .optional(),
    DASHBOARD_CALL_SHARE_PERCENT: z.coerce
      .number()
      .int()
      .min(1, 'DASHBOARD_CALL_SHARE_PERCENT must be 1–100')
      .max(100, 'DASHBOARD_CALL_SHARE_PERCENT must be 1–100')
      .default(30),
    PARTNER_WEBHOOK_TOKEN: z.string().min(8, 'PARTNER_WEBHOOK_TOKEN must be at least 8 characters').optional(),
  })
  .readonly();

export type DashboardEnv = z.infer<typeof dashboardEnvSchema> & { dataDir: string };

let cached: DashboardEnv | undefined;

// Lazy so that `next build` can collect pages without runtime secrets.
export function getEnv(): DashboardEnv {
  if (cached) return cached;
  const parsed = dashboardEnvSchema.safeParse({
    DATA_DIR: process.env.DATA_DIR || undefined,
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    AUTH_SECRET: process.env.AUTH_SECRET,
    PARTNER_API_URL: process.env.PARTNER_API_URL || undefined,
    PARTNER_API_KEY: process.env.PARTNER_API_KEY || undefined,
    PARTNER_API_MODE: process.env.PARTNER_API_MODE || undefined,
    PARTNER_WEBHOOK_SECRET: process.env.PARTNER_WEBHOOK_SECRET || undefined,
    PARTNER_WEBHOOK_TOKEN: process.env.PARTNER_WEBHOOK_TOKEN || undefined,
    PARTNER_RATE_LIMIT_PER_MINUTE: process.env.PARTNER_RATE_LIMIT_PER_MINUTE || undefined,
    DASHBOARD_CALL_SHARE_PERCENT: process.env.DASHBOARD_CALL_SHARE_PERCENT || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new Error(`Invalid setting ${name}: ${issue?.message ?? 'invalid'}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}
