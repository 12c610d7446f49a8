'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction, NO_INPUT } from '@/app/_actions/define-action';
import { removeSmtp, saveSmtp } from '@/lib/alerts/smtp-settings';
import { SMTP_SECURITY } from '@/lib/alerts/smtp-words';
import { done, refused, firstIssue, idOf, refusedKeeping, typed, type FormState } from '@/app/_actions/form-state';

// A host name or an IP address as an admin types it: no scheme, path, port or spaces.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^[0-9.]+$|^[0-9a-f:]+$/i;

const smtpSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Give the mail server’s host name')
    .max(253)
    .regex(HOST, 'The host is a name like smtp.example.com or an IP address, without a scheme or port'),
  port: z.coerce.number().int('The port is a whole number').min(1, 'The port is 1 to 65535').max(65_535, 'The port is 1 to 65535'),
  security: z.enum(SMTP_SECURITY, 'Choose how the connection is protected'),
  user: z.string().trim().max(320),
  password: z.string().max(1_000),
  from: z.email('The sender must be an e-mail address, like alerts@example.com').max(320),
});

export const saveSmtpAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({ action: 'alert.smtp_save', target: `alert-smtp:${idOf(formData, 'host')}` }),
    schema: smtpSchema,
    input: (_prev, formData) => ({
      host: formData.get('host'),
      port: formData.get('port'),
      security: formData.get('security'),
      user: formData.get('user') ?? '',
      password: formData.get('password') ?? '',
      from: formData.get('from'),
    }),
    refused,
    invalid: (error, _prev, formData) =>
      refusedKeeping(typed(formData, ['host', 'port', 'security', 'user', 'from']), 'Not saved', firstIssue(error)),
  },
  async ({ data, audited }): Promise<FormState> => {
    await audited(() => saveSmtp({ ...data, user: data.user || null }), {
      detail: `${data.host}:${data.port} (${data.security})${data.user ? `, user ${data.user}` : ''}`,
    });
    revalidatePath('/settings');
    return done(`Saved: e-mail alerts go through ${data.host}:${data.port}. Send a test to an e-mail destination to check it.`);
  },
);

export const removeSmtpAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: FormState, formData: FormData) => ({ action: 'alert.smtp_remove', target: `alert-smtp:${idOf(formData, 'host')}` }),
    ...NO_INPUT,
    refused,
  },
  async ({ audited }): Promise<FormState> => {
    await audited(() => removeSmtp());
    revalidatePath('/settings');
    return done('Removed: e-mail destinations get nothing until a mail server is set again.');
  },
);
