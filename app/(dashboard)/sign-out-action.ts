'use server';

import { signOut } from '@/auth';
import { recordAudit } from '@/lib/audit/record';
import { endSessions, getSessionUser } from '@/lib/auth/session';

// Not a defineAction: signing out has nothing to refuse. Without a session it still ends at the
// login page, and there is no input to check.
export async function signOutAction(): Promise<void> {
  const user = await getSessionUser();
  if (user) {
    await endSessions(user.email);
    await recordAudit({ actor: user.email, action: 'auth.sign_out', outcome: 'ok' });
  }
  await signOut({ redirectTo: '/login' });
}
