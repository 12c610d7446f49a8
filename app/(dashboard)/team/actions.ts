'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { publicOrigin } from '@/lib/auth/public-origin';
import { authorise } from '@/lib/auth/session';
import { findUser } from '@/lib/auth/users';
import { USER_ROLES } from '@/lib/db/schema';
import { issueLink, revokeLink } from '@/lib/team/one-time-links';
import { changeRole, setDisabled, type TeamChange } from '@/lib/team/people';
import type { DisplayError } from '@/lib/ui/display-error';

export type LinkState =
  | { status: 'idle' }
  | { status: 'invalid'; fieldErrors: { email?: string; role?: string }; email: string }
  | { status: 'error'; error: DisplayError }
  | { status: 'issued'; url: string; email: string; kind: 'invite' | 'reset'; expiresAt: number };

export type TeamState = { status: 'idle' } | { status: 'done'; message: string } | { status: 'error'; error: DisplayError };

const emailSchema = z.email('Enter the person’s email address.').max(320);
const roleSchema = z.enum(USER_ROLES, 'Choose admin or viewer.');

/** Makes the link and the state that shows it, this once. */
async function issued(input: Parameters<typeof issueLink>[0]): Promise<LinkState> {
  const link = await issueLink(input);
  revalidatePath('/team');
  return {
    status: 'issued',
    url: `${await publicOrigin()}/invite/${link.token}`,
    email: link.email,
    kind: input.kind,
    expiresAt: link.expiresAt,
  };
}

export async function inviteAction(_prev: LinkState, formData: FormData): Promise<LinkState> {
  const access = await authorise('change', 'team.invite', `user:${String(formData.get('email') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const typed = String(formData.get('email') ?? '');
  const email = emailSchema.safeParse(typed.trim());
  const role = roleSchema.safeParse(formData.get('role'));
  if (!email.success || !role.success)
    return {
      status: 'invalid',
      fieldErrors: { email: email.error?.issues[0]?.message, role: role.error?.issues[0]?.message },
      email: typed,
    };
  if (await findUser(email.data))
    return {
      status: 'invalid',
      fieldErrors: { email: `${email.data} is already on the team. Change their role or make a password reset link below.` },
      email: typed,
    };
  return issued({ kind: 'invite', email: email.data, role: role.data, createdBy: access.user.email });
}

export async function resetLinkAction(_prev: LinkState, formData: FormData): Promise<LinkState> {
  const access = await authorise('change', 'team.reset_link', `user:${String(formData.get('email') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const person = await findUser(String(formData.get('email') ?? ''));
  if (!person) return { status: 'error', error: { title: 'No such person', message: 'Reload the team page and try again.' } };
  return issued({ kind: 'reset', email: person.email, role: person.role, createdBy: access.user.email });
}

function teamState(result: TeamChange, done: string): TeamState {
  revalidatePath('/team');
  return result.ok
    ? { status: 'done', message: done }
    : { status: 'error', error: { title: 'Nothing was changed', message: result.message, code: result.code } };
}

export async function changeRoleAction(_prev: TeamState, formData: FormData): Promise<TeamState> {
  const access = await authorise('change', 'team.role_change', `user:${String(formData.get('email') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const email = emailSchema.safeParse(formData.get('email'));
  const role = roleSchema.safeParse(formData.get('role'));
  if (!email.success || !role.success)
    return { status: 'error', error: { title: 'Nothing was changed', message: 'Choose a role and try again.' } };
  return teamState(
    await changeRole(access.user.email, email.data, role.data),
    `${email.data} is now ${role.data === 'admin' ? 'an admin' : 'a viewer'}.`,
  );
}

export async function setDisabledAction(_prev: TeamState, formData: FormData): Promise<TeamState> {
  const disable = formData.get('disable') === 'true';
  const access = await authorise('change', disable ? 'team.disable' : 'team.enable', `user:${String(formData.get('email') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const email = emailSchema.safeParse(formData.get('email'));
  if (!email.success) return { status: 'error', error: { title: 'Nothing was changed', message: 'Reload the team page and try again.' } };
  return teamState(
    await setDisabled(access.user.email, email.data, disable),
    disable ? `${email.data} is disabled; their sessions have ended.` : `${email.data} can sign in again.`,
  );
}

export async function revokeLinkAction(_prev: TeamState, formData: FormData): Promise<TeamState> {
  const access = await authorise('change', 'team.invite_revoke', `link:${String(formData.get('id') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const id = z.coerce.number().int().positive().safeParse(formData.get('id'));
  if (!id.success || !(await revokeLink(id.data, access.user.email)))
    return {
      status: 'error',
      error: { title: 'Nothing was revoked', message: 'The link was already used, revoked or expired. Reload the page.' },
    };
  revalidatePath('/team');
  return { status: 'done', message: 'The link no longer works.' };
}
