'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction, errorState } from '@/app/_actions/define-action';
import { checkUrl } from '@/lib/alerts/address-policy';
import { deliverAlert } from '@/lib/alerts/alert-pass';
import {
  addDestination,
  changeDestination,
  destinationForSending,
  noteDestinationOutcome,
  removeDestination,
} from '@/lib/alerts/destinations';
import { checkEmailAddresses } from '@/lib/alerts/email-addresses';
import { postingPolicy } from '@/lib/alerts/posting-policy';
import { LINK_ORIGIN_SETTING } from '@/lib/alerts/sends';
import { smtpShown } from '@/lib/alerts/smtp-settings';
import { publicOrigin } from '@/lib/auth/public-origin';
import { getEnv } from '@/lib/config/env';
import { ALERT_DESTINATION_KINDS, type AlertDestinationKind } from '@/lib/db/schema';
import { writeSetting } from '@/lib/db/settings';
import { done, refused, firstIssue, idOf, idSchema, incomplete, refusedKeeping, typed, type FormState } from '@/app/_actions/form-state';

/** A webhook URL under the posting policy, or a list of addresses with a mail server set; the error says which field to fix. */
async function checkTarget(
  kind: AlertDestinationKind,
  target: string,
): Promise<{ ok: true; target: string } | { ok: false; message: string }> {
  if (kind === 'webhook') {
    const checked = checkUrl(target, postingPolicy(getEnv()));
    return checked.ok ? { ok: true, target } : { ok: false, message: checked.message };
  }
  if (!(await smtpShown())) return { ok: false, message: 'Set the mail server (SMTP) below first: e-mail alerts go through it.' };
  const checked = checkEmailAddresses(target);
  return checked.ok ? { ok: true, target: checked.addresses.join(', ') } : checked;
}

const destinationSchema = z.object({
  kind: z.enum(ALERT_DESTINATION_KINDS).catch('webhook'),
  name: z.string().trim().min(1, 'Give it a name').max(100),
  target: z.string().trim().min(1, 'Paste the incoming-webhook URL, or give the e-mail addresses').max(2000),
});

export const addDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'alert.destination_add',
      target: `alert-destination:${idOf(formData, 'name')}`,
    }),
    schema: destinationSchema,
    input: (_prev, formData) => ({ kind: formData.get('kind'), name: formData.get('name'), target: formData.get('target') }),
    refused,
    invalid: (error, _prev, formData) => refusedKeeping(typed(formData, ['kind', 'name', 'target']), 'Not added', firstIssue(error)),
  },
  async ({ data, user, audited }): Promise<FormState> => {
    const checked = await checkTarget(data.kind, data.target);
    if (!checked.ok) return refusedKeeping({ kind: data.kind, name: data.name, target: data.target }, 'Not added', checked.message);
    const added = await audited(() => addDestination({ kind: data.kind, name: data.name, target: checked.target, createdBy: user.email }), {
      describe: (d) => `${d.name} (${d.shown})`,
    });
    // Alerts are sent from the background, where no request tells the dashboard's address.
    await writeSetting(LINK_ORIGIN_SETTING, await publicOrigin());
    revalidatePath('/settings');
    return done(`Added ${added.name}. Send a test to check that it accepts alerts.`);
  },
);

const changeSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1, 'Give it a name').max(100),
  // Blank keeps the stored URL or addresses, which the page never shows.
  target: z.string().trim().max(2000),
});

export const changeDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'alert.destination_change',
      target: `alert-destination:${idOf(formData, 'id')}`,
    }),
    schema: changeSchema,
    input: (_prev, formData) => ({ id: formData.get('id'), name: formData.get('name'), target: formData.get('target') ?? '' }),
    refused,
    invalid: (error, _prev, formData) => refusedKeeping(typed(formData, ['name', 'target']), 'Not changed', firstIssue(error)),
  },
  async ({ data, audited }): Promise<FormState> => {
    const current = await destinationForSending(data.id);
    if (!current)
      return errorState({ title: 'Not changed', message: 'That destination is gone, or its target cannot be read: add it again.' });
    let target: string | null = null;
    if (data.target) {
      const checked = await checkTarget(current.kind, data.target);
      if (!checked.ok) return refusedKeeping({ name: data.name, target: data.target }, 'Not changed', checked.message);
      target = checked.target;
    }
    await audited(() => changeDestination(data.id, { name: data.name, target }), {
      detail: target === null ? 'name only' : 'name and target',
    });
    revalidatePath('/settings');
    return done(`Saved ${data.name}.${target === null ? '' : ' Send a test to check the new target.'}`);
  },
);

export const testDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'alert.destination_test',
      target: `alert-destination:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused,
    invalid: incomplete,
    failed: async (err, data): Promise<FormState> => {
      const message = err instanceof Error ? err.message : String(err);
      await noteDestinationOutcome(data.id, { ok: false, error: message });
      revalidatePath('/settings');
      return errorState({
        title: 'The destination did not take the test',
        message: `${message} It is shown as failing until a send succeeds.`,
      });
    },
  },
  async ({ data, audited }): Promise<FormState> => {
    const destination = await destinationForSending(data.id);
    if (!destination)
      return errorState({ title: 'Not sent', message: 'That destination is gone, or its target cannot be read: add it again.' });
    const origin = await publicOrigin();
    const result = await audited(async () => {
      const sent = await deliverAlert(destination, {
        text: `[Test] Alerts from the partner dashboard reach ${destination.name} · ${origin}/settings`,
        occasion: 'test',
        link: `${origin}/settings`,
        sent_at: new Date().toISOString(),
      });
      if (!sent.ok) throw new Error(sent.message);
      return sent;
    });
    await noteDestinationOutcome(destination.id, { ok: true });
    revalidatePath('/settings');
    return done(`Test sent to ${destination.name}: ${result.accepted}.`);
  },
);

export const removeDestinationAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({
      action: 'alert.destination_remove',
      target: `alert-destination:${idOf(formData, 'id')}`,
    }),
    schema: idSchema,
    input: (_prev, formData) => ({ id: formData.get('id') }),
    refused,
    invalid: incomplete,
  },
  async ({ data, audited }): Promise<FormState> => {
    const removed = await audited(() => removeDestination(data.id), { describe: (d) => (d ? `${d.name} (${d.shown})` : 'already gone') });
    revalidatePath('/settings');
    return done(removed ? `Removed ${removed.name}.` : 'It was already removed.');
  },
);
