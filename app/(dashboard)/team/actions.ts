'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction, errorState, NO_INPUT } from '@/app/_actions/define-action';
import type { DisplayError } from '@/app/_errors/display-error';
import { publicOrigin } from '@/lib/auth/public-origin';
import { findUser } from '@/lib/auth/users';
import { USER_ROLES } from '@/lib/db/schema';
import { issueLink, revokeLink } from '@/lib/team/one-time-links';
import { changeRole, setDisabled, type TeamChange } from '@/lib/team/people';
import { teamRefusal } from '@/app/_errors/team-refusals';

export type LinkState =
  | { status: 'idle' }
  | { status: 'invalid'; fieldErrors: { email?: string; role?: string }; email: string }
  | { status: 'error'; error: DisplayError }
  | { status: 'issued'; url: string; email: string; kind: 'invite' | 'reset'; expiresAt: number };

export type TeamState = { status: 'idle' } | { status: 'done'; message: string } | { status: 'error'; error: DisplayError };

const emailSchema = z.email('Enter the person’s email address.').max(320);
const roleSchema = z.enum(USER_ROLES, 'Choose admin or viewer.');

/** The person a team change acts on, as the form named them: a refused attempt is logged with it. */
const personNamed = (formData: FormData) => `user:${String(formData.get('email') ?? '')}`;
const firstIssue = (error: z.ZodError, field: string) => error.issues.find((i) => i.path[0] === field)?.message;

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

export const inviteAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: LinkState, formData: FormData) => ({ action: 'team.invite', target: personNamed(formData) }),
    schema: z.object({ email: emailSchema, role: roleSchema }),
    input: (_prev, formData) => ({ email: String(formData.get('email') ?? '').trim(), role: formData.get('role') }),
    refused: errorState,
    invalid: (error, _prev, formData): LinkState => ({
      status: 'invalid',
      fieldErrors: { email: firstIssue(error, 'email'), role: firstIssue(error, 'role') },
      email: String(formData.get('email') ?? ''),
    }),
  },
  async ({ user, data }, _prev, formData): Promise<LinkState> => {
    if (await findUser(data.email))
      return {
        status: 'invalid',
        fieldErrors: { email: `${data.email} is already on the team. Change their role or make a password reset link below.` },
        email: String(formData.get('email') ?? ''),
      };
    return issued({ kind: 'invite', email: data.email, role: data.role, createdBy: user.email });
  },
);

export const resetLinkAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: LinkState, formData: FormData) => ({ action: 'team.reset_link', target: personNamed(formData) }),
    // Looked up as typed: only a person already on the team gets a link.
    schema: z.string(),
    input: (_prev, formData) => String(formData.get('email') ?? ''),
    refused: errorState,
    invalid: NO_INPUT.invalid,
  },
  async ({ user, data }): Promise<LinkState> => {
    const person = await findUser(data);
    if (!person) return errorState({ title: 'No such person', message: 'Reload the team page and try again.' });
    return issued({ kind: 'reset', email: person.email, role: person.role, createdBy: user.email });
  },
);

function teamState(result: TeamChange, done: string): TeamState {
  revalidatePath('/team');
  return result.ok
    ? { status: 'done', message: done }
    : { status: 'error', error: { title: 'Nothing was changed', message: teamRefusal(result), code: result.code } };
}

export const changeRoleAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: TeamState, formData: FormData) => ({ action: 'team.role_change', target: personNamed(formData) }),
    schema: z.object({ email: emailSchema, role: roleSchema }),
    input: (_prev, formData) => ({ email: formData.get('email'), role: formData.get('role') }),
    refused: errorState,
    invalid: (): TeamState => errorState({ title: 'Nothing was changed', message: 'Choose a role and try again.' }),
  },
  async ({ user, data }): Promise<TeamState> =>
    teamState(
      await changeRole(user.email, data.email, data.role),
      `${data.email} is now ${data.role === 'admin' ? 'an admin' : 'a viewer'}.`,
    ),
);

const disabling = (formData: FormData) => formData.get('disable') === 'true';

export const setDisabledAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: TeamState, formData: FormData) => ({
      action: disabling(formData) ? 'team.disable' : 'team.enable',
      target: personNamed(formData),
    }),
    schema: emailSchema,
    input: (_prev, formData) => formData.get('email'),
    refused: errorState,
    invalid: (): TeamState => errorState({ title: 'Nothing was changed', message: 'Reload the team page and try again.' }),
  },
  async ({ user, data: email }, _prev, formData): Promise<TeamState> => {
    const disable = disabling(formData);
    return teamState(
      await setDisabled(user.email, email, disable),
      disable ? `${email} is disabled; their sessions have ended.` : `${email} can sign in again.`,
    );
  },
);

const notRevoked = (): TeamState =>
  errorState({ title: 'Nothing was revoked', message: 'The link was already used, revoked or expired. Reload the page.' });

export const revokeLinkAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: TeamState, formData: FormData) => ({ action: 'team.invite_revoke', target: `link:${String(formData.get('id') ?? '')}` }),
    schema: z.coerce.number().int().positive(),
    input: (_prev, formData) => formData.get('id'),
    refused: errorState,
    invalid: notRevoked,
  },
  async ({ user, data: id }): Promise<TeamState> => {
    if (!(await revokeLink(id, user.email))) return notRevoked();
    revalidatePath('/team');
    return { status: 'done', message: 'The link no longer works.' };
  },
);
