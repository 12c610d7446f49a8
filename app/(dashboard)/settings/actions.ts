'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { authorise } from '@/lib/auth/session';
import { getPartnerClient } from '@/lib/data/partner';
import { toDisplayError, type DisplayError } from '@/lib/display-error';
import { getPartnerConnection, forgetSavedApiKey, saveApiKey } from '@/lib/partner-connection';
import { createPartnerClient } from '@/lib/partner/client';

export type CheckState = { status: 'idle' } | { status: 'ok'; robots: number; requestId?: string } | { status: 'error'; error: DisplayError };

export async function checkConnectionAction(): Promise<CheckState> {
  const access = await authorise('view');
  if (!access.ok) return { status: 'error', error: { title: 'Not signed in', message: access.message } };
  try {
    const result = await getPartnerClient().listRobots({ limit: 1 });
    return { status: 'ok', robots: result.data.pagination?.total_count ?? result.data.data?.length ?? 0, requestId: result.requestId };
  } catch (err) {
    return { status: 'error', error: toDisplayError(err) };
  }
}

export type KeyFormState = { status: 'idle' } | { status: 'saved' } | { status: 'removed' } | { status: 'invalid'; fieldError: string } | { status: 'error'; error: DisplayError };

const apiKeySchema = z
  .string()
  .trim()
  .regex(/^pk_live_[A-Za-z0-9]{8,}$/, 'A partner key starts with pk_live_ followed by letters and digits. Copy it again from the partner panel.');

export async function saveApiKeyAction(_prev: KeyFormState, formData: FormData): Promise<KeyFormState> {
  const access = await authorise('change');
  if (!access.ok) return { status: 'error', error: { title: 'Not allowed', message: access.message } };
  if (formData.get('intent') === 'forget') {
    forgetSavedApiKey();
    revalidatePath('/', 'layout');
    return { status: 'removed' };
  }
  const parsed = apiKeySchema.safeParse(formData.get('apiKey') ?? '');
  if (!parsed.success) return { status: 'invalid', fieldError: parsed.error.issues[0]?.message ?? 'Enter a partner key.' };
  const { baseUrl } = getPartnerConnection();
  if (!baseUrl) return { status: 'error', error: { title: 'No service address', message: 'Set PARTNER_API_URL before saving a key.' } };
  try {
    // Refuse a key the service does not accept, so a typo cannot take the dashboard offline.
    await createPartnerClient({ baseUrl, apiKey: parsed.data, timeoutMs: 8_000, deadlineMs: 10_000 }).listRobots({ limit: 1 });
  } catch (err) {
    return { status: 'error', error: toDisplayError(err, { invalid_key: () => ({ title: 'The service refused this key', message: 'It is wrong, revoked or expired. Nothing was saved; the current key stays in use.' }) }) };
  }
  saveApiKey(parsed.data);
  revalidatePath('/', 'layout');
  return { status: 'saved' };
}
