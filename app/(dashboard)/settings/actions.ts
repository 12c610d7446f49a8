'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { outcomeOf, recordAudit } from '@/lib/audit/record';
import { authorise } from '@/lib/auth/session';
import { checkConnection, verifyApiKey } from '@/lib/connection/check';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';
import { getPartnerConnection, forgetSavedApiKey, saveApiKey } from '@/lib/connection/connection';
import { API_KEY_SHAPE, API_KEY_SHAPE_MESSAGE } from '@/lib/partner/api-key';

export type CheckState =
  { status: 'idle' } | { status: 'ok'; robots: number; requestId?: string } | { status: 'error'; error: DisplayError };

export async function checkConnectionAction(): Promise<CheckState> {
  const access = await authorise('view');
  if (!access.ok) return { status: 'error', error: access.error };
  try {
    const { robots, requestId } = await checkConnection();
    return { status: 'ok', robots, requestId };
  } catch (err) {
    return { status: 'error', error: toDisplayError(err) };
  }
}

export type KeyFormState =
  | { status: 'idle' }
  | { status: 'saved' }
  | { status: 'removed' }
  | { status: 'invalid'; fieldError: string }
  | { status: 'error'; error: DisplayError };

const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'Paste the partner API key: copy it from the partner panel, where it was shown when it was created.')
  .regex(API_KEY_SHAPE, API_KEY_SHAPE_MESSAGE);

export async function saveApiKeyAction(_prev: KeyFormState, formData: FormData): Promise<KeyFormState> {
  const forget = formData.get('intent') === 'forget';
  const access = await authorise('change', forget ? 'settings.api_key_remove' : 'settings.api_key_save', 'settings:api_key');
  if (!access.ok) return { status: 'error', error: access.error };
  if (forget) {
    await forgetSavedApiKey({ actor: access.user.email });
    revalidatePath('/', 'layout');
    return { status: 'removed' };
  }
  const parsed = apiKeySchema.safeParse(formData.get('apiKey') ?? '');
  if (!parsed.success) return { status: 'invalid', fieldError: parsed.error.issues[0]?.message ?? 'Enter a partner key.' };
  const { baseUrl } = await getPartnerConnection();
  if (!baseUrl) return { status: 'error', error: { title: 'No service address', message: 'Set PARTNER_API_URL before saving a key.' } };
  let checkRequestId: string | null;
  try {
    // Refuse a key the service does not accept, so a typo cannot take the dashboard offline.
    checkRequestId = await verifyApiKey(baseUrl, parsed.data);
  } catch (err) {
    await recordAudit({ actor: access.user.email, action: 'settings.api_key_save', target: 'settings:api_key', ...outcomeOf(err) });
    return {
      status: 'error',
      error: toDisplayError(err, {
        invalid_key: () => ({
          title: 'The service refused this key',
          message: 'It is wrong, revoked or expired. Nothing was saved; the current key stays in use.',
        }),
      }),
    };
  }
  await saveApiKey(parsed.data, { actor: access.user.email, requestId: checkRequestId });
  revalidatePath('/', 'layout');
  return { status: 'saved' };
}
