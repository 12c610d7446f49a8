'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction } from '@/app/_actions/define-action';
import { done, firstIssue, refused, refusedKeeping, typed, type FormState } from '@/app/_actions/form-state';
import { describeRetention, PLAN_TIERS, planRetention, withinPlan } from '@/lib/retention/policy';
import { purgeExpiredHistory } from '@/lib/retention/purge';
import { stateRetention } from '@/lib/retention/settings';

const counted = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;

const FIELDS = ['standard', 'socialDm', 'ownMonths'] as const;
const tierOrNone = z.union([z.enum(PLAN_TIERS), z.literal('').transform(() => null)], 'Choose a tier or none');

const retentionSchema = z
  .object({
    standard: tierOrNone,
    socialDm: tierOrNone,
    ownMonths: z.union([
      z.literal('').transform(() => null),
      z.coerce.number().int('Months are a whole number').min(1, 'At least 1 month').max(120, 'At most 120 months'),
    ]),
  })
  .refine((r) => r.standard !== null || r.socialDm !== null, {
    message: 'The account holds a standard subscription, a social-DM one or both: choose the tier of at least one.',
    path: ['standard'],
  })
  .refine((r) => r.ownMonths === null || withinPlan(r.ownMonths, planRetention(r)), {
    message:
      'The dashboard keeps history no longer than the plan does: the service has already removed anything older, and personal data is not held longer here than there.',
    path: ['ownMonths'],
  });

export const setRetentionAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'retention.set',
      target: `plan:${String(formData.get('standard') || 'none')}+${String(formData.get('socialDm') || 'none')}`,
    }),
    schema: retentionSchema,
    input: (_prev, formData) => Object.fromEntries(FIELDS.map((name) => [name, formData.get(name) ?? ''])),
    refused,
    invalid: (error, _prev, formData) => refusedKeeping(typed(formData, FIELDS), 'Not saved', firstIssue(error)),
  },
  async ({ data, audited }): Promise<FormState> => {
    const plan = { standard: data.standard, socialDm: data.socialDm };
    const months = data.ownMonths ?? planRetention(plan);
    await audited(() => stateRetention(plan, data.ownMonths), {
      detail: `history kept ${describeRetention(months)}${data.ownMonths === null ? ' (the plan’s)' : ' (shorter than the plan’s)'}`,
    });
    // A shorter retention applies at once: what is now past it goes before the page says so.
    const purged = await purgeExpiredHistory();
    revalidatePath('/conversations');
    revalidatePath('/settings');
    return done(
      `Saved: conversation history is kept ${describeRetention(months)}.` +
        (purged.events > 0
          ? ` Removed now: ${counted(purged.events, 'event')} older than that, ${counted(purged.conversations, 'conversation')} whole.`
          : ' Nothing stored here was older than that.'),
    );
  },
);
