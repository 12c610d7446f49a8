import { setUpTestStore } from './use-test-store';
import { describe, expect, it } from 'vitest';

await setUpTestStore('published_logins');
process.env.PARTNER_API_MODE = 'real';

const { getDb, schema } = await import('@/lib/db');
const { seedDemoUsers } = await import('@/lib/db/seed');
const { retirePublishedLogins } = await import('@/lib/auth/published-logins');
const { attemptSignIn } = await import('@/lib/auth/sign-in-attempt');
const { hashPassword } = await import('@/lib/credentials/password');
const { eq } = await import('drizzle-orm');

describe('demo logins against a real service', () => {
  it(
    'disables each one still on its published password, ends its sessions and says so in the audit log, once',
    { timeout: 90_000 },
    async () => {
      const db = await getDb();
      await seedDemoUsers(db);
      // The viewer's password was changed: it is no longer published, so that account stays.
      await db
        .update(schema.users)
        .set({ passwordHash: await hashPassword('a private password now') })
        .where(eq(schema.users.email, 'viewer@example.com'));
      expect(await attemptSignIn('admin@example.com', 'demo-admin-pass', '192.0.2.1')).toBeNull();

      expect(await retirePublishedLogins(1_800_000_000_000)).toEqual(['admin@example.com']);
      const [admin] = await db.select().from(schema.users).where(eq(schema.users.email, 'admin@example.com'));
      expect(admin?.disabledAt).toBe(new Date(1_800_000_000_000).toISOString());
      expect(admin?.sessionsValidAfter).toBe(1_800_000_000_000);
      const log = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'team.disable'));
      expect(log).toMatchObject([{ actor: 'system', target: 'user:admin@example.com', outcome: 'ok' }]);
      expect(log[0]?.detail).toContain('published demo password');

      expect(await retirePublishedLogins()).toEqual([]);
      expect((await attemptSignIn('viewer@example.com', 'a private password now', '192.0.2.1'))?.email).toBe('viewer@example.com');
    },
  );
});
