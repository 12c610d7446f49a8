import 'server-only';
import { DEMO_USERS } from '@/lib/credentials/demo-users';
import { hashPassword } from '@/lib/credentials/password';
import type { DashboardDb } from './types';
import * as schema from './schema';

/** The published demo logins, beside the sandbox only; an instance that finds them present adds nothing. */
export async function seedDemoUsers(db: DashboardDb): Promise<void> {
  const [existing] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  if (existing) return;
  const now = new Date().toISOString();
  const rows = await Promise.all(
    DEMO_USERS.map(async (u) => ({
      email: u.email,
      name: u.name,
      role: u.role,
      passwordHash: await hashPassword(u.password),
      createdAt: now,
    })),
  );
  await db.insert(schema.users).values(rows).onConflictDoNothing({ target: schema.users.email });
}
