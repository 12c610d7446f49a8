import 'server-only';
import { eq } from 'drizzle-orm';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { SESSION_ABSOLUTE_MS } from './session-lifetime';
import { readSessionClaims } from './session-token';
import { getDb, schema } from '@/lib/db';
import type { UserRole } from '@/lib/db/schema';
import { canPerform, type Permission } from './permissions';
import type { AuditAction } from '@/lib/audit/actions';
import { recordAudit } from '@/lib/audit/record';
import { profiled } from '@/lib/config/bench-profile';

export type SessionUser = { email: string; name: string; role: UserRole };

/**
 * The signed-in user as the database knows them now: a deleted user, or a session begun before the
 * user last signed out, counts as signed out, and the role is the current one.
 */
export function getSessionUser(): Promise<SessionUser | null> {
  return profiled('session', lookUpSessionUser);
}

async function lookUpSessionUser(): Promise<SessionUser | null> {
  const claims = await readSessionClaims();
  if (!claims) return null;
  const [row] = await (await getDb()).select().from(schema.users).where(eq(schema.users.email, claims.email));
  if (!row || row.disabledAt !== null) return null;
  const { loginAt } = claims;
  if (row.sessionsValidAfter !== null && loginAt <= row.sessionsValidAfter) return null;
  if (Date.now() - loginAt > SESSION_ABSOLUTE_MS) return null;
  return { email: row.email, name: row.name, role: row.role };
}

/** Ends every session of this user, including copies of the cookie a request in flight may re-set. */
export async function endSessions(email: string): Promise<void> {
  await (await getDb()).update(schema.users).set({ sessionsValidAfter: Date.now() }).where(eq(schema.users.email, email));
}

/**
 * For pages: a missing session sends the visitor to the login page. Once per request: the layout
 * and the page both ask, and each look decrypts the cookie and reads the user. Only renders use it,
 * and a render changes no session, so the one answer holds for the whole render.
 */
export const requireSessionUser = cache(async (): Promise<SessionUser> => {
  const user = await getSessionUser();
  if (!user) redirect('/login');
  return user;
});

/** Why a request may not go on, for the app edge to word: no live session, or a role that may not change things. */
export type AccessRefusal = { code: 'signed_out' } | { code: 'forbidden'; role: UserRole };

export type Authorisation = { ok: true; user: SessionUser } | { ok: false; status: 401 | 403; refusal: AccessRefusal };

/**
 * For server actions and route handlers: each one checks the session and role itself; the proxy is
 * not enough. A change names its audit action and what it acts on, so a signed-in person refused it
 * is in the log with the target they tried (cut to 200 characters: it may come from the request).
 */
export async function authorise(permission: Permission, action?: AuditAction, target?: string | null): Promise<Authorisation> {
  const user = await getSessionUser();
  if (!user) return { ok: false, status: 401, refusal: { code: 'signed_out' } };
  if (!canPerform(user.role, permission)) {
    if (action)
      await recordAudit({
        actor: user.email,
        action,
        target: target?.slice(0, 200) ?? null,
        outcome: 'refused',
        errorCode: 'forbidden',
        detail: `role ${user.role}`,
      });
    return { ok: false, status: 403, refusal: { code: 'forbidden', role: user.role } };
  }
  return { ok: true, user };
}
