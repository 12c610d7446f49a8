import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { firstProblem, settingsSchema } from './settings';

const launchEnvSchema = settingsSchema([
  'PORT',
  'HOST',
  'AUTH_URL',
  'SANDBOX_PORT',
  'DATA_DIR',
  'SANDBOX_ADMIN_TOKEN',
  'AUTH_SECRET',
  'PARTNER_API_URL',
  'PARTNER_API_KEY',
  'DATABASE_URL',
  'SANDBOX_SIMULATOR',
  'SANDBOX_ALLOW_NETWORK',
  'TRUSTED_PROXIES',
  'PARTNER_WEBHOOK_SECRET',
  'PARTNER_WEBHOOK_TOKEN',
]).superRefine((env, ctx) => {
  if (Boolean(env.PARTNER_API_URL) !== Boolean(env.PARTNER_API_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.PARTNER_API_URL ? 'PARTNER_API_KEY' : 'PARTNER_API_URL'],
      message: 'PARTNER_API_URL and PARTNER_API_KEY go together: set both to use a real service, or neither for the sandbox',
    });
  }
  // The sandbox ships demo logins whose passwords are in the README.
  if (!env.PARTNER_API_URL && !isLoopback(env.HOST) && env.SANDBOX_ALLOW_NETWORK !== 'yes') {
    ctx.addIssue({
      code: 'custom',
      path: ['HOST'],
      message: `HOST=${env.HOST} would put sandbox mode, whose demo logins have published passwords, on the network: keep HOST on loopback, point the dashboard at a real service, or set SANDBOX_ALLOW_NETWORK=yes`,
    });
  }
});

/** 127.0.0.0/8, ::1 and localhost reach this machine only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export type LaunchConfig = {
  port: number;
  /** The address the dashboard listens on; loopback unless the operator opens it. */
  host: string;
  /** The public origin, when the operator fixes it; otherwise each request's own origin (behind a proxy, its forwarded headers). */
  publicUrl: string | null;
  sandboxPort: number;
  dataDir: string;
  /** DATABASE_URL is set: the dashboard keeps its state in that PostgreSQL database, not in DATA_DIR. */
  sharedStore: boolean;
  sandboxAdminToken: string;
  authSecret: string;
  realService: { url: string; apiKey: string } | null;
  /** Live demo traffic in the sandbox. */
  simulator: boolean;
  /** Proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges, comma-separated); empty trusts none. */
  trustedProxies: string;
  /** What the receiver checks, against a real service; the sandbox's demo account brings its own. */
  webhook: { secret: string | null; token: string | null };
};

/** Returns the config, or one line naming the bad setting. */
export function readLaunchConfig(
  env: Record<string, string | undefined>,
): { ok: true; config: LaunchConfig } | { ok: false; error: string } {
  const parsed = launchEnvSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, error: `Configuration error: ${firstProblem(parsed.error)}` };
  }
  const e = parsed.data;
  if (!e.PARTNER_API_URL && e.PORT === e.SANDBOX_PORT) {
    return { ok: false, error: `Configuration error: PORT and SANDBOX_PORT must differ (both are ${e.PORT})` };
  }
  const kept = keptSecrets(e.DATA_DIR);
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      publicUrl: e.AUTH_URL?.replace(/\/+$/, '') ?? null,
      sandboxPort: e.SANDBOX_PORT,
      dataDir: e.DATA_DIR,
      sharedStore: Boolean(e.DATABASE_URL),
      sandboxAdminToken: e.SANDBOX_ADMIN_TOKEN ?? kept.sandboxAdminToken,
      authSecret: e.AUTH_SECRET ?? kept.authSecret,
      simulator: e.SANDBOX_SIMULATOR === 'on',
      trustedProxies: e.TRUSTED_PROXIES ?? '',
      webhook: { secret: e.PARTNER_WEBHOOK_SECRET ?? null, token: e.PARTNER_WEBHOOK_TOKEN ?? null },
      realService:
        e.PARTNER_API_URL && e.PARTNER_API_KEY ? { url: e.PARTNER_API_URL.replace(/\/+$/, ''), apiKey: e.PARTNER_API_KEY } : null,
    },
  };
}

const keptSecretsSchema = z.object({ authSecret: z.string().min(32), sandboxAdminToken: z.string().min(16) });

/**
 * Secrets generated on first start and kept (mode 600) so sessions and the sandbox survive restarts.
 * The standalone sandbox reads and writes this file too (sandbox/kept-token.ts, its own copy of this
 * reader, since neither program imports the other): change the format in both.
 */
function keptSecrets(dataDir: string): z.infer<typeof keptSecretsSchema> {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = { authSecret: randomBytes(32).toString('base64url'), sandboxAdminToken: randomBytes(24).toString('base64url') };
  try {
    // Exclusive create: of two processes starting on one data directory, one writes and both read that.
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  let kept: unknown;
  try {
    kept = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    kept = undefined;
  }
  const parsed = keptSecretsSchema.safeParse(kept);
  if (!parsed.success)
    throw new Error(
      `${file} is not a secrets file this dashboard wrote; move it away to generate new secrets (sessions and the saved key then end).`,
    );
  return parsed.data;
}
