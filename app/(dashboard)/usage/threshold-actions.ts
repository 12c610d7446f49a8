'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction } from '@/app/_actions/define-action';
import { done, firstIssue, idOf, idSchema, incomplete, refused, refusedKeeping, typed, type FormState } from '@/app/_actions/form-state';
import { THRESHOLD_SCOPES } from '@/lib/db/schema';
import { removeThreshold, setThreshold } from '@/lib/usage-series/thresholds';

const thresholdSchema = z
  .object({
    scope: z.enum(THRESHOLD_SCOPES, 'Choose the account, a robot or a customer'),
    scopeId: z.string().trim().max(200),
    monthlyUnits: z.coerce.number().int('Units are a whole number').min(1, 'At least 1 unit a month').max(1_000_000_000),
  })
  .refine((t) => t.scope === 'account' || t.scopeId !== '', {
    message: 'Give the robot id or the customer’s external id',
    path: ['scopeId'],
  });

const scopeTarget = (scope: string, scopeId: string) => (scope === 'account' ? 'account' : `${scope}:${scopeId.trim().slice(0, 200)}`);

export const setThresholdAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'usage.threshold_set',
      target: scopeTarget(idOf(formData, 'scope'), idOf(formData, 'scopeId')),
    }),
    schema: thresholdSchema,
    input: (_prev, formData) => ({
      scope: formData.get('scope'),
      scopeId: formData.get('scopeId') ?? '',
      monthlyUnits: formData.get('monthlyUnits'),
    }),
    refused,
    invalid: (error, _prev, formData) =>
      refusedKeeping(typed(formData, ['scope', 'scopeId', 'monthlyUnits']), 'Not set', firstIssue(error)),
  },
  async ({ data, user, audited }): Promise<FormState> => {
    await audited(() => setThreshold({ ...data, setBy: user.email }), { detail: `${data.monthlyUnits} units a month` });
    revalidatePath('/usage');
    return done(
      `Set: ${data.monthlyUnits.toLocaleString('en-GB')} units a month for ${data.scope === 'account' ? 'the account' : `${data.scope} ${data.scopeId}`}.`,
    );
  },
);

export const removeThresholdAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'usage.threshold_remove',
      target: `usage-threshold:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused,
    invalid: incomplete,
  },
  async ({ data, audited }): Promise<FormState> => {
    const removed = await audited(() => removeThreshold(data.id), {
      describe: (t) => (t ? scopeTarget(t.scope, t.scopeId) : 'already gone'),
    });
    revalidatePath('/usage');
    return done(removed ? 'Removed.' : 'It was already removed.');
  },
);
