'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction } from '@/app/_actions/define-action';
import { acknowledgeIncident } from '@/lib/alerts/incidents';
import { addMute, endMute } from '@/lib/alerts/mutes';
import { done, refused, firstIssue, idOf, idSchema, incomplete, refusedKeeping, typed, type FormState } from '@/app/_actions/form-state';

export const acknowledgeIncidentAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'alert.incident_acknowledge',
      target: `incident:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused,
    invalid: incomplete,
  },
  async ({ data, user, audited }): Promise<FormState> => {
    const row = await audited(() => acknowledgeIncident(data.id, user.email));
    revalidatePath('/alerts');
    return row ? done('Acknowledged: no reminders until it resolves.') : done('It was already acknowledged or resolved.');
  },
);

const muteSchema = z.object({
  robotId: z.string().trim().max(200),
  hours: z.coerce
    .number()
    .min(0.25, 'At least a quarter of an hour')
    .max(24 * 14, 'At most two weeks'),
  reason: z.string().trim().min(1, 'Say why (it is shown with the held alerts)').max(200),
});

export const addMuteAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'alert.mute_add',
      target: idOf(formData, 'robotId').trim() ? `robot:${idOf(formData, 'robotId').trim()}` : 'account',
    }),
    schema: muteSchema,
    input: (_prev, formData) => ({ robotId: formData.get('robotId') ?? '', hours: formData.get('hours'), reason: formData.get('reason') }),
    refused,
    invalid: (error, _prev, formData) => refusedKeeping(typed(formData, ['robotId', 'hours', 'reason']), 'Not muted', firstIssue(error)),
  },
  async ({ data, user, audited }): Promise<FormState> => {
    const now = Date.now();
    await audited(
      () =>
        addMute({
          robotId: data.robotId || null,
          startsAt: now,
          endsAt: now + data.hours * 3_600_000,
          reason: data.reason,
          createdBy: user.email,
        }),
      { detail: `${data.hours} h: ${data.reason}` },
    );
    revalidatePath('/alerts');
    return done(`Alerts for ${data.robotId ? `robot ${data.robotId}` : 'the whole account'} are held for ${data.hours} h.`);
  },
);

export const endMuteAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({ action: 'alert.mute_end', target: `alert-mute:${idOf(formData, 'id')}` }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused,
    invalid: incomplete,
  },
  async ({ data, audited }): Promise<FormState> => {
    const ended = await audited(() => endMute(data.id));
    revalidatePath('/alerts');
    return done(ended ? 'Mute ended: alerts go out again.' : 'It had already ended.');
  },
);
