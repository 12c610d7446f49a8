import 'server-only';
import { redirect } from 'next/navigation';
import { auth } from '@/auth';
import type { UserRole } from '@/lib/db/schema';
import { canPerform, type Permission } from './permissions';

export type SessionUser = { email: string; name: string; role: UserRole };

export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await auth();
  const user = session?.user;
  if (!user?.email || !user.role) return null;
  return { email: user.email, name: user.name ?? user.email, role: user.role };
}

/** For pages: a missing session sends the visitor to the login page. */
export async function requireSessionUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect('/login');
  return user;
}

export type Authorisation =
  | { ok: true; user: SessionUser }
  | { ok: false; message: string };

/** For server actions: each one checks the session and role itself; the proxy is not enough. */
export async function authorise(permission: Permission): Promise<Authorisation> {
  const user = await getSessionUser();
  if (!user) return { ok: false, message: 'Your session has ended. Sign in again, then retry.' };
  if (!canPerform(user.role, permission)) {
    return { ok: false, message: `Your role (${user.role}) can view but not change anything. Ask an admin to do this.` };
  }
  return { ok: true, user };
}
