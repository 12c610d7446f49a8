'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction, errorState } from '@/app/_actions/define-action';
import type { DisplayError } from '@/app/_errors/display-error';
import { checkUrl } from '@/lib/alerts/address-policy';
import { deliverAlert } from '@/lib/alerts/alert-pass';
import { addDestination, destinationForSending, noteDestinationOutcome, removeDestination } from '@/lib/alerts/destinations';
import { acknowledgeIncident } from '@/lib/alerts/incidents';
import { addMute, endMute } from '@/lib/alerts/mutes';
import { postingPolicy } from '@/lib/alerts/posting-policy';
import { LINK_ORIGIN_SETTING } from '@/lib/alerts/sends';
import { publicOrigin } from '@/lib/auth/public-origin';
import { getEnv } from '@/lib/config/env';
import { writeSetting } from '@/lib/db/settings';

export type AlertFormState = { status: 'idle' } | { status: 'done'; message: string } | { status: 'error'; error: DisplayError };

const done = (message: string): AlertFormState => ({ status: 'done', message });
const incomplete = (): AlertFormState =>
  errorState({ title: 'Nothing was changed', message: 'The form was incomplete or out of date. Reload the page and try again.' });
const idOf = (formData: FormData, name: string) => String(formData.get(name) ?? '');

const destinationSchema = z.object({
  name: z.string().trim().min(1, 'Give it a name').max(100),
  url: z.string().trim().min(1, 'Paste the incoming-webhook URL').max(2000),
});

export const addDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: AlertFormState, formData: FormData) => ({
      action: 'alert.destination_add',
      target: `alert-destination:${idOf(formData, 'name')}`,
    }),
    schema: destinationSchema,
    input: (_prev, formData) => ({ name: formData.get('name'), url: formData.get('url') }),
    refused: errorState,
    invalid: (error) => errorState({ title: 'Not added', message: error.issues[0]?.message ?? 'Check the fields.' }),
  },
  async ({ data, user, audited }): Promise<AlertFormState> => {
    const checked = checkUrl(data.url, postingPolicy(getEnv()));
    if (!checked.ok) return errorState({ title: 'Not added', message: checked.message });
    const added = await audited(() => addDestination({ kind: 'webhook', name: data.name, target: data.url, createdBy: user.email }), {
      describe: (d) => `${d.name} (${d.shown})`,
    });
    // Alerts are sent from the background, where no request tells the dashboard's address.
    await writeSetting(LINK_ORIGIN_SETTING, await publicOrigin());
    revalidatePath('/settings');
    return done(`Added ${added.name}. Send a test to check that it accepts alerts.`);
  },
);

const idSchema = z.object({ id: z.coerce.number().int().positive() });

export const testDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: AlertFormState, formData: FormData) => ({
      action: 'alert.destination_test',
      target: `alert-destination:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused: errorState,
    invalid: incomplete,
    failed: async (err, data): Promise<AlertFormState> => {
      const message = err instanceof Error ? err.message : String(err);
      await noteDestinationOutcome(data.id, { ok: false, error: message });
      revalidatePath('/settings');
      return errorState({
        title: 'The destination did not take the test',
        message: `${message} It is shown as failing until a send succeeds.`,
      });
    },
  },
  async ({ data, audited }): Promise<AlertFormState> => {
    const destination = await destinationForSending(data.id);
    if (!destination)
      return errorState({ title: 'Not sent', message: 'That destination is gone, or its URL cannot be read: add it again.' });
    const origin = await publicOrigin();
    const result = await audited(async () => {
      const sent = await deliverAlert(destination.target, {
        text: `[Test] Alerts from the partner dashboard reach ${destination.name}. ${origin}/settings`,
        occasion: 'test',
        link: `${origin}/settings`,
        sent_at: new Date().toISOString(),
      });
      if (!sent.ok) throw new Error(sent.message);
      return sent;
    });
    await noteDestinationOutcome(destination.id, { ok: true });
    revalidatePath('/settings');
    return done(`Test sent to ${destination.name}: it answered HTTP ${result.status}.`);
  },
);

export const removeDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: AlertFormState, formData: FormData) => ({
      action: 'alert.destination_remove',
      target: `alert-destination:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused: errorState,
    invalid: incomplete,
  },
  async ({ data, audited }): Promise<AlertFormState> => {
    const removed = await audited(() => removeDestination(data.id), { describe: (d) => (d ? `${d.name} (${d.shown})` : 'already gone') });
    revalidatePath('/settings');
    return done(removed ? `Removed ${removed.name}.` : 'It was already removed.');
  },
);

export const acknowledgeIncidentAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: AlertFormState, formData: FormData) => ({
      action: 'alert.incident_acknowledge',
      target: `incident:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused: errorState,
    invalid: incomplete,
  },
  async ({ data, user, audited }): Promise<AlertFormState> => {
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
    audit: (_prev: AlertFormState, formData: FormData) => ({
      action: 'alert.mute_add',
      target: idOf(formData, 'robotId').trim() ? `robot:${idOf(formData, 'robotId').trim()}` : 'account',
    }),
    schema: muteSchema,
    input: (_prev, formData) => ({ robotId: formData.get('robotId') ?? '', hours: formData.get('hours'), reason: formData.get('reason') }),
    refused: errorState,
    invalid: (error) => errorState({ title: 'Not muted', message: error.issues[0]?.message ?? 'Check the fields.' }),
  },
  async ({ data, user, audited }): Promise<AlertFormState> => {
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
    audit: (_prev: AlertFormState, formData: FormData) => ({ action: 'alert.mute_end', target: `alert-mute:${idOf(formData, 'id')}` }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused: errorState,
    invalid: incomplete,
  },
  async ({ data, audited }): Promise<AlertFormState> => {
    const ended = await audited(() => endMute(data.id));
    revalidatePath('/alerts');
    return done(ended ? 'Mute ended: alerts go out again.' : 'It had already ended.');
  },
);
