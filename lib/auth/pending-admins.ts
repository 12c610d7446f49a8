import 'server-only';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { getEnv } from '@/lib/config/env';
import { getDb, schema } from '@/lib/db';
import { normaliseEmail } from '@/lib/credentials/email';

/**
 * `npm run admin -- create` while the dashboard runs on the embedded store: the store is that
 * process's alone, so the command leaves the new admin (password already hashed) in
 * DATA_DIR/pending-admins, and the dashboard adds it when the sign-in page or a sign-in next asks.
 */
const PENDING_DIR = 'pending-admins';
const pendingAdminSchema = z.object({
  email: z.string().min(3),
  name: z.string().min(1),
  passwordHash: z.string().startsWith('scrypt$'),
  /** Who ran the command, where ("run by ops on host-1"), for the audit log. */
  ranBy: z.string().max(300).optional(),
});
export type PendingAdmin = z.infer<typeof pendingAdminSchema>;

/** The audit log's actor for admins created by `npm run admin`: no one is signed in there. */
export const COMMAND_LINE_ACTOR = 'command line';

export function pendingAdminsDir(dataDir: string): string {
  return path.join(dataDir, PENDING_DIR);
}

/** Written by the command line; readable by this user only, since it holds a password hash. */
export function queuePendingAdmin(dataDir: string, admin: PendingAdmin): string {
  const dir = pendingAdminsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${randomUUID()}.json`);
  fs.writeFileSync(file, JSON.stringify(admin), { mode: 0o600, flag: 'wx' });
  return file;
}

export async function importPendingAdmins(): Promise<void> {
  const dir = pendingAdminsDir(getEnv().dataDir);
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return;
  }
  for (const name of files) {
    const file = path.join(dir, name);
    let parsed;
    try {
      parsed = pendingAdminSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) {
      const { ranBy, ...admin } = parsed.data;
      const email = normaliseEmail(admin.email);
      await (
        await getDb()
      ).transaction(async (tx) => {
        const created = await tx
          .insert(schema.users)
          .values({ ...admin, email, role: 'admin', createdAt: new Date().toISOString() })
          .onConflictDoNothing({ target: schema.users.email })
          .returning({ id: schema.users.id });
        if (created.length > 0)
          await recordAudit(
            {
              actor: COMMAND_LINE_ACTOR,
              action: 'team.admin_create',
              target: `user:${email}`,
              outcome: 'ok',
              detail: [ranBy, 'added by the running dashboard'].filter(Boolean).join('; '),
            },
            tx,
          );
      });
    } else {
      console.warn(`[admin] ${file} is not a pending admin; it was removed.`);
    }
    fs.rmSync(file, { force: true });
  }
}
