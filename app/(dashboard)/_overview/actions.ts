'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { defineAction, errorState } from '@/app/_actions/define-action';
import type { DisplayError } from '@/app/_errors/display-error';
import { startReenable } from '@/lib/channels/reenable-job';
import { CHANNEL_OFF_CAUSES } from '@/lib/db/schema';

export type ReenableState = { status: 'idle' } | { status: 'started'; total: number } | { status: 'error'; error: DisplayError };

/** Starts turning back on the channels that went off for one cause; the run goes on in the background. */
export const reenableChannelsAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: ReenableState, formData: FormData) => ({
      action: 'channel.bulk_enable',
      target: `channels:${String(formData.get('cause') ?? '')}`,
    }),
    schema: z.object({ cause: z.enum(CHANNEL_OFF_CAUSES) }),
    input: (_prev, formData) => ({ cause: formData.get('cause') }),
    refused: errorState,
    invalid: (): ReenableState =>
      errorState({ title: 'Nothing was started', message: 'The request named no cause. Reload the page and try again.' }),
  },
  async ({ data, user, audited }): Promise<ReenableState> => {
    const outcome = await audited(() => startReenable(data.cause, user.email), {
      describe: (o) => (o.started ? `${o.run.total} channels to turn on` : o.reason === 'running' ? 'already running' : 'none left off'),
    });
    revalidatePath('/');
    if (outcome.started) return { status: 'started', total: outcome.run.total };
    return errorState(
      outcome.reason === 'running'
        ? {
            title: 'Already under way',
            message: `${outcome.run?.startedBy ?? 'Someone'} started turning these channels on; its progress is shown here.`,
          }
        : {
            title: 'Nothing to turn on',
            message: 'No channel is off for this cause any more: the list has changed since the page was drawn.',
          },
    );
  },
);
