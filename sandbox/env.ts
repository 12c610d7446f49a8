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
});

export type SandboxEnv = z.infer<typeof EnvSchema>;

/** Reads the environment once; on failure returns one line naming the setting, for main to print. */
export function readEnv(source: NodeJS.ProcessEnv): { ok: true; env: SandboxEnv } | { ok: false; message: string } {
  const result = EnvSchema.safeParse({
    SANDBOX_PORT: source.SANDBOX_PORT === '' ? undefined : source.SANDBOX_PORT,
    DATA_DIR: source.DATA_DIR === '' ? undefined : source.DATA_DIR,
    SANDBOX_ADMIN_TOKEN: source.SANDBOX_ADMIN_TOKEN === '' ? undefined : source.SANDBOX_ADMIN_TOKEN,
  });
  if (result.success) return { ok: true, env: result.data };
  const issue = result.error.issues[0];
  const name = issue?.path.map(String).join('.') ?? 'environment';
  return { ok: false, message: `sandbox: ${name} ${issue?.message ?? 'is invalid'}` };
}
