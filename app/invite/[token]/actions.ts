'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { LINK_REFUSALS } from '@/app/_errors/link-refusals';
import { redeemLink } from '@/lib/team/one-time-links';

export type AcceptState = {
  fieldErrors?: { name?: string; password?: string; confirm?: string };
  message?: string;
  name?: string;
};

const acceptSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
    name: z.string().trim().min(1, 'Enter your name as colleagues should see it.').max(120),
    password: z.string().min(12, 'Use at least 12 characters.').max(200),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords differ. Type the same one twice.' });

/**
 * Public by design: the one-time link is the credential (checked, and used up, in one transaction),
 * so this is not a defineAction, which would ask for a session the person does not have yet.
 */
export async function acceptLinkAction(_prev: AcceptState, formData: FormData): Promise<AcceptState> {
  const name = String(formData.get('name') ?? '');
  const parsed = acceptSchema.safeParse({
    token: formData.get('token'),
    name: name || 'unused for a reset',
    password: formData.get('password'),
    confirm: formData.get('confirm'),
  });
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    return { fieldErrors: { name: errors.name?.[0], password: errors.password?.[0], confirm: errors.confirm?.[0] }, name };
  }
  const outcome = await redeemLink(parsed.data.token, { name: parsed.data.name, password: parsed.data.password });
  if (!outcome.ok) return { message: LINK_REFUSALS[outcome.reason], name };
  redirect(`/login?welcome=${outcome.kind === 'invite' ? 'joined' : 'reset'}`);
}
