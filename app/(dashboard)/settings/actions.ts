'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction, errorState, NO_INPUT } from '@/app/_actions/define-action';
import { toDisplayError, type DisplayError } from '@/app/_errors/display-error';
import { outcomeOf, recordAudit } from '@/lib/audit/record';
import { API_KEY_SHAPE, API_KEY_SHAPE_MESSAGE } from '@/lib/config/api-key';
import { checkConnection, verifyApiKey } from '@/lib/connection/check';
import { getPartnerConnection } from '@/lib/connection/connection';
import { forgetSavedApiKey, saveApiKey } from '@/lib/settings/saved-key';

export type CheckState =
  { status: 'idle' } | { status: 'ok'; robots: number; requestId?: string } | { status: 'error'; error: DisplayError };

export const checkConnectionAction = defineAction(
  { permission: 'view', ...NO_INPUT, refused: errorState, failed: (err): CheckState => errorState(toDisplayError(err)) },
  async (): Promise<CheckState> => {
    const { robots, requestId } = await checkConnection();
    return { status: 'ok', robots, requestId };
  },
);

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

const keyFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('forget') }),
  z.object({ intent: z.literal('save'), apiKey: apiKeySchema }),
]);

const forgetting = (formData: FormData) => formData.get('intent') === 'forget';

export const saveApiKeyAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: KeyFormState, formData: FormData) => ({
      action: forgetting(formData) ? 'settings.api_key_remove' : 'settings.api_key_save',
      target: 'settings:api_key',
    }),
    schema: keyFormSchema,
    input: (_prev, formData) => (forgetting(formData) ? { intent: 'forget' } : { intent: 'save', apiKey: formData.get('apiKey') ?? '' }),
    refused: errorState,
    invalid: (error): KeyFormState => ({ status: 'invalid', fieldError: error.issues[0]?.message ?? 'Enter a partner key.' }),
  },
  async ({ user, data }): Promise<KeyFormState> => {
    if (data.intent === 'forget') {
      await forgetSavedApiKey({ actor: user.email });
      revalidatePath('/', 'layout');
      return { status: 'removed' };
    }
    const { baseUrl } = await getPartnerConnection();
    if (!baseUrl) return errorState({ title: 'No service address', message: 'Set PARTNER_API_URL before saving a key.' });
    let checkRequestId: string | null;
    try {
      // Refuse a key the service does not accept, so a typo cannot take the dashboard offline.
      checkRequestId = await verifyApiKey(baseUrl, data.apiKey);
    } catch (err) {
      // Nothing changed here yet, so the refusal is logged here; a saved key is logged with the save.
      await recordAudit({ actor: user.email, action: 'settings.api_key_save', target: 'settings:api_key', ...outcomeOf(err) });
      return errorState(
        toDisplayError(err, {
          invalid_key: () => ({
            title: 'The service refused this key',
            message: 'It is wrong, revoked or expired. Nothing was saved; the current key stays in use.',
          }),
        }),
      );
    }
    await saveApiKey(data.apiKey, { actor: user.email, requestId: checkRequestId });
    revalidatePath('/', 'layout');
    return { status: 'saved' };
  },
);
