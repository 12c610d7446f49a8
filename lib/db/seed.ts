import 'server-only';
import { randomBytes, scryptSync } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { DEMO_USERS } from '@/lib/auth/demo-users';
import * as schema from './schema';

// Synchronous on purpose: it runs once inside getDb(), before the first query is answered.
function hashSync(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 64).toString('base64')}`;
}

export function seedDemoUsers(db: BetterSQLite3Database<typeof schema>): void {
  const [row] = db.select({ n: count() }).from(schema.users).all();
  if ((row?.n ?? 0) > 0) return;
  const now = new Date().toISOString();
  db.insert(schema.users)
    .values(DEMO_USERS.map((u) => ({ email: u.email, name: u.name, role: u.role, passwordHash: hashSync(u.password), createdAt: now })))
    .run();
}
