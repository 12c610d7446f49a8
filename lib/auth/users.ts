import 'server-only';
import { count, eq } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '@/lib/audit/record';
import { getDb, schema } from '@/lib/db';
import type { UserRole } from '@/lib/db/schema';
import { normaliseEmail } from '@/lib/credentials/email';
import { hashPassword } from '@/lib/credentials/password';

export async function userCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(schema.users);
  return row?.n ?? 0;
}

export async function findUser(email: string) {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, normaliseEmail(email)));
  return row;
}

/**
 * Creates a person who can sign in; refuses an email already taken. `audit` (who created them and
 * how) lands in the audit log with the person, in one transaction.
 */
export async function createUser(
  input: { email: string; name: string; role: UserRole; password: string },
  audit?: Omit<AuditEntry, 'target' | 'outcome'>,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  await (
    await getDb()
  ).transaction(async (tx) => {
    const created = await tx
      .insert(schema.users)
      .values({ email, name: input.name, role: input.role, passwordHash, createdAt: new Date().toISOString() })
      .onConflictDoNothing({ target: schema.users.email })
      .returning({ id: schema.users.id });
    if (created.length === 0) throw new Error(`${email} already has an account.`);
    if (audit) await recordAudit({ ...audit, target: `user:${email}`, outcome: 'ok' }, tx);
  });
}
