import type { LinkRefusal } from '@/lib/team/one-time-links';

/** What the person holding a refused link is told, by reason. */
export const LINK_REFUSALS = {
  unusable:
    'This link was already used or revoked (an admin’s open links are revoked when they are disabled or stop being an admin), or is more than 72 hours old. Ask an admin of the dashboard for a new one.',
  creator_inactive:
    'The admin who made this link is disabled or no longer an admin, so it no longer works. Ask another admin of the dashboard for a new one.',
  taken: 'This email already has an account. Sign in, or ask an admin for a password reset link.',
} as const satisfies Record<LinkRefusal, string>;
