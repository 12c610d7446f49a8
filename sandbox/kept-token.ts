import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `DATA_DIR/secrets.json` is shared with the dashboard's launcher (`keptSecrets` in
 * lib/config/launch.ts), which keeps the dashboard's session secret there beside this token and
 * passes the token to the sandbox it starts. The two programs never import each other, so this is a
 * copy of the launcher's reader: same keys, same limits, same exclusive create. Change both together,
 * or a file one of them wrote stops the other.
 */
const keptSecretsSchema = z.object({ authSecret: z.string().min(32), sandboxAdminToken: z.string().min(16) });

export type KeptAdminToken = { token: string; file: string; created: boolean };

/** The control API's token kept in `dataDir`, generated (with the launcher's other secret) on first use. */
export function keptAdminToken(dataDir: string): KeptAdminToken {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  // The launcher reads the whole file, so a file the sandbox starts must hold its secret too.
  const fresh = { authSecret: randomBytes(32).toString('base64url'), sandboxAdminToken: randomBytes(24).toString('base64url') };
  try {
    // Exclusive create: of two processes starting on one data directory, one writes and both read that.
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: 'wx' });
    return { token: fresh.sandboxAdminToken, file, created: true };
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
    throw new Error(`${file} is not a secrets file the dashboard or the sandbox wrote; set SANDBOX_ADMIN_TOKEN, or move the file away.`);
  return { token: parsed.data.sandboxAdminToken, file, created: false };
}
