import type { UserRole } from '@/lib/db/schema';

export type Permission = 'view' | 'change';

/** Viewers see everything and change nothing; admins do both. */
export function canPerform(role: UserRole, permission: Permission): boolean {
  if (permission === 'view') return true;
  return role === 'admin';
}
