import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const EnvSchema = z.object({
  SANDBOX_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number' })
    .max(65535, { error: 'must be a port number' })
    .default(4010),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('.data'),
  // Unset, main.ts uses the token kept in DATA_DIR/secrets.json.
  SANDBOX_ADMIN_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:%-]{1,100}$/, { error: 'must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0' })
    .default('127.0.0.1'),
  SANDBOX_REQUEST_LOG: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // A JSON file of accounts made at every start and on a reset (fixtures.ts); none by default.
  SANDBOX_FIXTURES: z.string().min(1).optional(),
});

export type SandboxEnv = z.infer<typeof EnvSchema>;

const unset = (value: string | undefined) => (value === '' ? undefined : value);

/** The command line's options, each winning over its environment variable. */
export interface SandboxFlags {
  host?: string | undefined;
  port?: string | undefined;
  'data-dir'?: string | undefined;
  fixtures?: string | undefined;
}

/**
 * Reads the environment once (`--host`, `--port`, `--data-dir` and `--fixtures` on the command
 * line win over HOST, SANDBOX_PORT, DATA_DIR and SANDBOX_FIXTURES); on failure returns one line naming the setting, for main to print.
 */
export function readEnv(
  source: Readonly<Record<string, string | undefined>>,
  flags: SandboxFlags = {},
): { ok: true; env: SandboxEnv } | { ok: false; message: string } {
  const result = EnvSchema.safeParse({
    SANDBOX_PORT: unset(flags.port ?? source.SANDBOX_PORT),
    DATA_DIR: unset(flags['data-dir'] ?? source.DATA_DIR),
    SANDBOX_ADMIN_TOKEN: unset(source.SANDBOX_ADMIN_TOKEN),
    HOST: unset(flags.host ?? source.HOST),
    SANDBOX_REQUEST_LOG: unset(source.SANDBOX_REQUEST_LOG?.toLowerCase()),
    SANDBOX_FIXTURES: unset(flags.fixtures ?? source.SANDBOX_FIXTURES),
  });
  if (result.success) return { ok: true, env: result.data };
  const issue = result.error.issues[0];
  const name = issue?.path.map(String).join('.') ?? 'environment';
  return { ok: false, message: `sandbox: ${name} ${issue?.message ?? 'is invalid'}` };
}

/** Only this machine can reach the address; a name other than localhost may resolve to anything. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const address = ipaddr.process(bare);
  return address.range() === 'loopback';
}

/**
 * Beyond loopback anyone on the network reaches the control API and the panel, so the token that
 * guards them must be one the operator chose: never the one generated into DATA_DIR, which they may
 * not even know exists. Returns the refusal to print, or undefined when the sandbox may start.
 */
export function hostRefusal(env: SandboxEnv): string | undefined {
  if (isLoopback(env.HOST) || env.SANDBOX_ADMIN_TOKEN !== undefined) return undefined;
  return (
    `sandbox: refusing to listen on ${env.HOST} without SANDBOX_ADMIN_TOKEN: beyond loopback anyone on the network ` +
    'reaches the control API and the panel, so set SANDBOX_ADMIN_TOKEN to a secret of your own (at least 16 characters), ' +
    'or listen on 127.0.0.1.'
  );
}
