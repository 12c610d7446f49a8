import type { PasswordChange, TeamChange } from '@/lib/team/people';

type Refused<T> = Extract<T, { ok: false }>;

const ALREADY = { admin: 'an admin', viewer: 'a viewer', disabled: 'disabled', active: 'active' } as const;

/** Why a change to someone on the team was refused, said to the admin who tried it. */
export function teamRefusal(refused: Refused<TeamChange>): string {
  switch (refused.code) {
    case 'last_admin':
      return 'This is the last active admin. Make another person an admin first, so someone can still manage the team.';
    case 'not_found':
      return `No one with the email ${refused.email} is on the team.`;
    case 'unchanged':
      return `${refused.email} is already ${ALREADY[refused.already]}.`;
  }
}

/** Why one's own password was not changed, said beside the current-password field. */
export function passwordRefusal(refused: Refused<PasswordChange>): string {
  return refused.code === 'throttled'
    ? `Too many wrong current passwords for this account. Try again in ${refused.waitSeconds} s.`
    : 'That is not your current password.';
}
