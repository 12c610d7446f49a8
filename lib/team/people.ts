import 'server-only';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { hashPassword, verifyPassword } from '@/lib/credentials/password';
import { getDb, schema, type DashboardTx } from '@/lib/db';
import type { UserRole, UserRow } from '@/lib/db/schema';
import { claimAttempt, forgetAttempts } from './current-password-attempts';
import { revokeLinksMadeBy } from './one-time-links';

export type Person = Pick<UserRow, 'email' | 'name' | 'role' | 'createdAt' | 'disabledAt'>;

export async function listPeople(): Promise<Person[]> {
  return (await getDb())
    .select({
      email: schema.users.email,
      name: schema.users.name,
      role: schema.users.role,
      createdAt: schema.users.createdAt,
      disabledAt: schema.users.disabledAt,
    })
    .from(schema.users)
    .orderBy(asc(schema.users.email));
}

/** Any number, the same in every instance: the lock that keeps two admins from removing each other at once. */
const TEAM_LOCK_KEY = 7_513_203;

/** A refused change names why, and for `unchanged` what the person already is; app/_errors words it. */
export type TeamChange =
  | { ok: true }
  | { ok: false; code: 'last_admin' | 'not_found'; email: string }
  | { ok: false; code: 'unchanged'; email: string; already: UserRole | 'disabled' | 'active' };

/** Active admins other than `email`, counted under the team lock. */
async function otherActiveAdmins(tx: DashboardTx, email: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(schema.users)
    .where(and(eq(schema.users.role, 'admin'), isNull(schema.users.disabledAt), ne(schema.users.email, email)));
  return row?.n ?? 0;
}

async function change(
  actor: string,
  email: string,
  apply: (tx: DashboardTx, person: UserRow) => Promise<{ result: TeamChange; audit?: Parameters<typeof recordAudit>[0] }>,
): Promise<TeamChange> {
  return (await getDb()).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_LOCK_KEY})`);
    const [person] = await tx.select().from(schema.users).where(eq(schema.users.email, email));
    if (!person) return { ok: false, code: 'not_found', email };
    const { result, audit } = await apply(tx, person);
    if (audit) await recordAudit(audit, tx);
    return result;
  });
}

/**
 * Changes a role; the role applies from the person's next request. The last active admin keeps theirs.
 * An admin made a viewer loses the open links they made, in the same transaction.
 */
export async function changeRole(actor: string, email: string, role: UserRole): Promise<TeamChange> {
  return change(actor, email, async (tx, person) => {
    if (person.role === role) return { result: { ok: false, code: 'unchanged', email, already: role } };
    if (person.role === 'admin' && person.disabledAt === null && (await otherActiveAdmins(tx, email)) === 0)
      return {
        result: { ok: false, code: 'last_admin', email },
        audit: { actor, action: 'team.role_change', target: `user:${email}`, outcome: 'refused', errorCode: 'last_admin' },
      };
    await tx.update(schema.users).set({ role }).where(eq(schema.users.email, email));
    if (person.role === 'admin') await revokeLinksMadeBy(tx, { creator: email, actor, why: 'no longer an admin' });
    return {
      result: { ok: true },
      audit: { actor, action: 'team.role_change', target: `user:${email}`, outcome: 'ok', detail: `${person.role} → ${role}` },
    };
  });
}

/**
 * Disables (ending every session at once, and revoking the open links they made, in the same
 * transaction) or re-enables a person. The last active admin stays enabled.
 */
export async function setDisabled(actor: string, email: string, disabled: boolean): Promise<TeamChange> {
  const action = disabled ? 'team.disable' : 'team.enable';
  return change(actor, email, async (tx, person) => {
    if ((person.disabledAt !== null) === disabled)
      return { result: { ok: false, code: 'unchanged', email, already: disabled ? 'disabled' : 'active' } };
    if (disabled && person.role === 'admin' && (await otherActiveAdmins(tx, email)) === 0)
      return {
        result: { ok: false, code: 'last_admin', email },
        audit: { actor, action, target: `user:${email}`, outcome: 'refused', errorCode: 'last_admin' },
      };
    const now = Date.now();
    await tx
      .update(schema.users)
      // Sessions begun before a disable never come back, even after a re-enable.
      .set(disabled ? { disabledAt: new Date(now).toISOString(), sessionsValidAfter: now } : { disabledAt: null })
      .where(eq(schema.users.email, email));
    if (disabled) await revokeLinksMadeBy(tx, { creator: email, actor, why: 'disabled' });
    return { result: { ok: true }, audit: { actor, action, target: `user:${email}`, outcome: 'ok' } };
  });
}

export type PasswordChange =
  { ok: true; sessionsValidAfter: number } | { ok: false; code: 'throttled'; waitSeconds: number } | { ok: false; code: 'wrong_password' };

/**
 * Everyone's own password, checked against the current one; wrong current passwords are throttled
 * per account. A change ends every session of the person: the caller keeps the one that made it
 * (sessions begun at or before `sessionsValidAfter` are over).
 */
export async function changeOwnPassword(email: string, currentPassword: string, newPassword: string): Promise<PasswordChange> {
  const attempt = { actor: email, action: 'account.password_change', target: `user:${email}` } as const;
  const claim = await claimAttempt(email);
  if (!claim.allowed) {
    await recordAudit({ ...attempt, outcome: 'refused', errorCode: 'throttled', detail: `wait ${claim.waitSeconds} s` });
    return { ok: false, code: 'throttled', waitSeconds: claim.waitSeconds };
  }
  const db = await getDb();
  const [person] = await db.select().from(schema.users).where(eq(schema.users.email, email));
  if (!person || !(await verifyPassword(currentPassword, person.passwordHash))) {
    await recordAudit({ ...attempt, outcome: 'refused', errorCode: 'wrong_password' });
    return { ok: false, code: 'wrong_password' };
  }
  await forgetAttempts(email);
  const passwordHash = await hashPassword(newPassword);
  const sessionsValidAfter = Date.now();
  await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ passwordHash, sessionsValidAfter }).where(eq(schema.users.email, email));
    await recordAudit({ ...attempt, outcome: 'ok', detail: 'other sessions ended' }, tx);
  });
  return { ok: true, sessionsValidAfter };
}
