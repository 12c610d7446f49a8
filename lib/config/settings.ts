import path from 'node:path';
import { z } from 'zod';
import { API_KEY_SHAPE, API_KEY_SHAPE_MESSAGE } from './api-key';
import { processEnvironment } from './process-env';
import { trustedProxiesProblem } from './trusted-proxies';

/**
 * Every environment variable the dashboard reads, each checked one way: the launcher
 * (`npm run dev` / `npm start`, lib/config/launch.ts), the server (lib/config/env.ts) and the
 * command-line tools pick the fields they need from this one list. A blank value counts as unset.
 */
const unsetWhenBlank = (v: unknown) => (v === '' ? undefined : v);
const setting = <T extends z.ZodType>(field: T) => z.preprocess(unsetWhenBlank, field);

const port = (name: string, fallback: number) =>
  setting(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return fallback;
        const n = Number(v);
        if (!/^\d+$/.test(v) || n < 1 || n > 65535) {
          ctx.addIssue({ code: 'custom', message: `${name} must be a port number from 1 to 65535 (got "${v}")` });
          return z.NEVER;
        }
        return n;
      }),
  );

const httpOrigin = (message: string) =>
  setting(
    z
      .string()
      .optional()
      .refine((v) => v === undefined || /^https?:\/\/[^\s/]+/.test(v), message),
  );

const onOff = (name: string, fallback: 'on' | 'off') => setting(z.enum(['on', 'off'], `${name} must be "on" or "off"`).default(fallback));

export const SETTINGS = {
  PORT: port('PORT', 3000),
  HOST: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]{1,100}$/, 'HOST must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0')
      .default('127.0.0.1'),
  ),
  AUTH_URL: httpOrigin('AUTH_URL must be the public origin, e.g. https://dashboard.example.com'),
  AUTH_SECRET: setting(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  /** Next's own: the key a build hashes server-action ids with. Unset, `next build` derives it from AUTH_SECRET (server-actions-key.ts). */
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: setting(
    z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
        'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
      ),
  ),
  DATA_DIR: setting(
    z
      .string()
      .optional()
      .transform((v) => path.resolve(v ?? '.data')),
  ),
  /** PostgreSQL shared by every instance; unset, the store is embedded (PGlite) under DATA_DIR. */
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres://… connection URL')
      .optional(),
  ),
  PARTNER_API_URL: httpOrigin('PARTNER_API_URL must be an http(s) URL, e.g. https://api.example.com'),
  PARTNER_API_KEY: setting(
    z
      .string()
      .optional()
      .refine((v) => v === undefined || API_KEY_SHAPE.test(v), `PARTNER_API_KEY: ${API_KEY_SHAPE_MESSAGE}`),
  ),
  /** Set by the launcher: `sandbox` when it started the built-in sandbox. */
  PARTNER_API_MODE: setting(z.enum(['sandbox', 'real']).default('real')),
  PARTNER_WEBHOOK_SECRET: setting(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, 'PARTNER_WEBHOOK_SECRET must be a whsec_… secret')
      .optional(),
  ),
  PARTNER_WEBHOOK_TOKEN: setting(z.string().min(8, 'PARTNER_WEBHOOK_TOKEN must be at least 8 characters').optional()),
  PARTNER_RATE_LIMIT_PER_MINUTE: setting(
    z.coerce.number().int('PARTNER_RATE_LIMIT_PER_MINUTE must be a whole number').min(1).max(100_000).optional(),
  ),
  DASHBOARD_CALL_SHARE_PERCENT: setting(
    z.coerce
      .number()
      .int()
      .min(1, 'DASHBOARD_CALL_SHARE_PERCENT must be 1–100')
      .max(100, 'DASHBOARD_CALL_SHARE_PERCENT must be 1–100')
      .default(30),
  ),
  TRUSTED_PROXIES: setting(
    z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        const problem = v === undefined ? null : trustedProxiesProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: `TRUSTED_PROXIES: ${problem}` });
      }),
  ),
  ROBOT_DIRECTORY_SYNC: onOff('ROBOT_DIRECTORY_SYNC', 'on'),
  DELIVERY_WATCH: onOff('DELIVERY_WATCH', 'on'),
  /** Seconds between the deliveries watch's passes; each pass spends its share of a minute's calls (docs/dashboard/delivery-watch.md). */
  DELIVERY_WATCH_EVERY_SECONDS: setting(
    z.coerce
      .number()
      .int('DELIVERY_WATCH_EVERY_SECONDS must be a whole number')
      .min(10, 'DELIVERY_WATCH_EVERY_SECONDS must be 10–3600')
      .max(3600, 'DELIVERY_WATCH_EVERY_SECONDS must be 10–3600')
      .default(60),
  ),
  /** Alert destinations (lib/alerts, docs/dashboard/alert-destinations-safety.md): plain http, and private-network addresses. */
  ALERT_ALLOW_HTTP: onOff('ALERT_ALLOW_HTTP', 'off'),
  ALERT_ALLOW_PRIVATE_ADDRESSES: onOff('ALERT_ALLOW_PRIVATE_ADDRESSES', 'off'),
  SANDBOX_PORT: port('SANDBOX_PORT', 4010),
  SANDBOX_ADMIN_TOKEN: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,}$/, 'SANDBOX_ADMIN_TOKEN must be at least 16 letters, digits, "-" or "_"')
      .optional(),
  ),
  SANDBOX_SIMULATOR: onOff('SANDBOX_SIMULATOR', 'on'),
  SANDBOX_ALLOW_NETWORK: setting(z.enum(['yes', 'no'], 'SANDBOX_ALLOW_NETWORK must be "yes" or "no"').default('no')),
  /** Where Chromium is, for the browser tests and benches; unset, Debian's usual paths are tried. */
  CHROMIUM_PATH: setting(z.string().optional()),
  // The test run's knobs: set by CI, by `npm test`, or by hand to run two checkouts' suites at once.
  CI: setting(z.string().optional()),
  E2E_PORT_OFFSET: setting(z.coerce.number().int().min(0, 'E2E_PORT_OFFSET must be 0 or more').max(20_000).default(0)),
  PLAYWRIGHT_JSON_OUTPUT_FILE: setting(z.string().default('reports/playwright.json')),
  // The benches' knobs (docs/benchmarks.md).
  BENCH_PAGE_RUNS: setting(z.coerce.number().int().min(1, 'BENCH_PAGE_RUNS must be at least 1').default(30)),
  BENCH_NETWORK_MS: setting(z.coerce.number().min(0, 'BENCH_NETWORK_MS must be 0 or more').default(50)),
  BENCH_ROBOTS: setting(z.coerce.number().int().min(1, 'BENCH_ROBOTS must be at least 1').default(10_000)),
  BENCH_PROFILE_DIR: setting(z.string().optional()),
  /** A file the dashboard appends its timed parts to (lib/config/bench-profile.ts); unset, nothing is timed. */
  BENCH_PROFILE: setting(z.string().optional()),
  LIGHTHOUSE_REPORTS_DIR: setting(z.string().optional()),
  STORE: setting(z.enum(['pglite', 'postgres', 'sqlite'], 'STORE must be pglite, postgres or sqlite').default('pglite')),
} as const;

export type SettingName = keyof typeof SETTINGS;

/** Only the named settings, as one zod object. */
export function settingsSchema<const K extends SettingName>(names: readonly K[]) {
  const shape = Object.fromEntries(names.map((name) => [name, SETTINGS[name]])) as Pick<typeof SETTINGS, K>;
  return z.object(shape);
}

/** The named settings from this process's environment; a bad one ends the command with its message. */
export function readSettings<const K extends SettingName>(names: readonly K[]): z.infer<ReturnType<typeof settingsSchema<K>>> {
  const parsed = settingsSchema(names).safeParse(processEnvironment());
  if (!parsed.success) throw new Error(`Configuration error: ${firstProblem(parsed.error)}`);
  return parsed.data;
}

/** The first problem of a failed parse as one line naming the setting. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? 'invalid environment';
}
