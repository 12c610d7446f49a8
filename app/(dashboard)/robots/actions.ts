'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { defineAction, errorState, NO_INPUT } from '@/app/_actions/define-action';
import { toDisplayError, type DisplayError } from '@/app/_errors/display-error';
import { refreshDirectory } from '@/lib/robots/directory-scheduler';
import { deleteRobot, findRobot } from '@/lib/robots/robots';
import { SAFE_ID } from '@/lib/ui/search-params';

export type DeleteRobotState = { status: 'idle' } | { status: 'error'; error: DisplayError };

const deleteRobotSchema = z.object({
  robotId: z.string().regex(SAFE_ID),
  page: z.coerce.number().int().min(1).catch(1),
});

export const deleteRobotAction = defineAction(
  {
    permission: 'change',
    audit: (_prev: DeleteRobotState, formData: FormData) => ({
      action: 'robot.delete',
      target: `robot:${String(formData.get('robotId') ?? '')}`,
    }),
    schema: deleteRobotSchema,
    input: (_prev, formData) => ({ robotId: formData.get('robotId'), page: formData.get('page') ?? 1 }),
    refused: errorState,
    invalid: (): DeleteRobotState =>
      errorState({ title: 'Nothing was deleted', message: 'The request did not name a robot. Reload the page and try again.' }),
    failed: (err) =>
      errorState(
        toDisplayError(err, {
          not_found: () => ({
            title: 'Robot not found',
            message: 'It was already deleted or belongs to another account. Reload the page to see the current list.',
          }),
        }),
      ),
  },
  async ({ data, audited }): Promise<DeleteRobotState> => {
    // The log names the robot as the dashboard knows it: a name from the form would be whatever the browser sent.
    const known = await findRobot(data.robotId);
    await audited(() => deleteRobot(data.robotId), { detail: known?.name ?? null });
    revalidatePath('/robots');
    // The row is gone from the list, so the URL names the deleted robot's id; the page takes the name
    // from this deletion's audit entry, never from the URL.
    const params = new URLSearchParams({ deleted: data.robotId });
    if (data.page > 1) params.set('page', String(data.page));
    redirect(`/robots?${params.toString()}`);
  },
);

/** "Refresh now": a look at the newest robots and a full sweep of the list, within the call budget. */
export const refreshDirectoryAction = defineAction(
  { permission: 'view', ...NO_INPUT, refused: () => undefined },
  async (): Promise<void> => {
    await refreshDirectory({ forceSweep: true });
    revalidatePath('/robots', 'layout');
  },
);
