import 'server-only';
import { count, eq } from 'drizzle-orm';
import { getDb, schema } from '@/lib/db';
import type { UserRole } from '@/lib/db/schema';
import { hashPassword } from './password';

export function userCount(): number {
  return getDb().select({ n: count() }).from(schema.users).get()?.n ?? 0;
}

/** Creates a person who can sign in; refuses an email already taken. */
export async function createUser(input: { email: string; name: string; role: UserRole; password: string }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (getDb().select().from(schema.users).where(eq(schema.users.email, email)).get()) throw new Error(`${email} already has an account.`);
  getDb()
    .insert(schema.users)
    .values({
      email,
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
      createdAt: new Date().toISOString(),
    })
    .run();
}
