import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { getDb, schema } from '@/lib/db';
import { DEMO_USERS } from '@/lib/credentials/demo-users';
import { verifyPassword } from '@/lib/credentials/password';

/**
 * Against a real service no account may keep a password printed in the README: a data directory
 * first used beside the sandbox still holds the demo logins. Each one whose password is still the
 * published one is disabled (its sessions end) and the audit log says why. Returns their emails.
 */
export async function retirePublishedLogins(now = Date.now()): Promise<string[]> {
  const db = await getDb();
  const retired: string[] = [];
  for (const demo of DEMO_USERS) {
    const [user] = await db
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.email, demo.email), isNull(schema.users.disabledAt)));
    if (!user || !(await verifyPassword(demo.password, user.passwordHash))) continue;
    await db.transaction(async (tx) => {
      await tx
        .update(schema.users)
        .set({ disabledAt: new Date(now).toISOString(), sessionsValidAfter: now })
        .where(eq(schema.users.id, user.id));
      await recordAudit(
        {
          actor: 'system',
          action: 'team.disable',
          target: `user:${user.email}`,
          outcome: 'ok',
          detail: 'Disabled at start-up against a real service: the password is the published demo password.',
        },
        tx,
      );
    });
    retired.push(user.email);
  }
  return retired;
}
