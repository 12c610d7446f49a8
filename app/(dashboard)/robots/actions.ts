'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { audited } from '@/lib/audit/record';
import { authorise } from '@/lib/auth/session';
import { refreshDirectory } from '@/lib/robots/directory-scheduler';
import { deleteRobot, findRobot } from '@/lib/robots/robots';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';
import { SAFE_ID } from '@/lib/ui/search-params';

export type DeleteRobotState = { status: 'idle' } | { status: 'error'; error: DisplayError };

const deleteRobotSchema = z.object({
  robotId: z.string().regex(SAFE_ID),
  page: z.coerce.number().int().min(1).catch(1),
});

export async function deleteRobotAction(_prev: DeleteRobotState, formData: FormData): Promise<DeleteRobotState> {
  const access = await authorise('change', 'robot.delete', `robot:${String(formData.get('robotId') ?? '')}`);
  if (!access.ok) return { status: 'error', error: access.error };
  const parsed = deleteRobotSchema.safeParse({
    robotId: formData.get('robotId'),
    page: formData.get('page') ?? 1,
  });
  if (!parsed.success)
    return {
      status: 'error',
      error: { title: 'Nothing was deleted', message: 'The request did not name a robot. Reload the page and try again.' },
    };
  // The log names the robot as the dashboard knows it: a name from the form would be whatever the browser sent.
  const known = await findRobot(parsed.data.robotId);
  try {
    await audited(
      { actor: access.user.email, action: 'robot.delete', target: `robot:${parsed.data.robotId}`, detail: known?.name ?? null },
      () => deleteRobot(parsed.data.robotId),
    );
  } catch (err) {
    return {
      status: 'error',
      error: toDisplayError(err, {
        not_found: () => ({
          title: 'Robot not found',
          message: 'It was already deleted or belongs to another account. Reload the page to see the current list.',
        }),
      }),
    };
  }
  revalidatePath('/robots');
  // The row is gone from the list, so the URL names the deleted robot's id; the page takes the name
  // from this deletion's audit entry, never from the URL.
  const params = new URLSearchParams({ deleted: parsed.data.robotId });
  if (parsed.data.page > 1) params.set('page', String(parsed.data.page));
  redirect(`/robots?${params.toString()}`);
}

/** "Refresh now": a look at the newest robots and a full sweep of the list, within the call budget. */
export async function refreshDirectoryAction(): Promise<void> {
  const access = await authorise('view');
  if (!access.ok) return;
  await refreshDirectory({ forceSweep: true });
  revalidatePath('/robots', 'layout');
}
