'use server';

import { signOut } from '@/auth';
import { endSessions, getSessionUser } from '@/lib/auth/session';

export async function signOutAction(): Promise<void> {
  const user = await getSessionUser();
  if (user) endSessions(user.email);
  await signOut({ redirectTo: '/login' });
}
