'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { authorise } from '@/lib/auth/session';
import { deleteRobot } from '@/lib/robots/robots';
import { toDisplayError, type DisplayError } from '@/lib/ui/display-error';

export type DeleteRobotState = { status: 'idle' } | { status: 'deleted'; name: string } | { status: 'error'; error: DisplayError };

const deleteRobotSchema = z.object({ robotId: z.string().min(1).max(200), robotName: z.string().max(300) });

export async function deleteRobotAction(_prev: DeleteRobotState, formData: FormData): Promise<DeleteRobotState> {
  const access = await authorise('change');
  if (!access.ok) return { status: 'error', error: { title: 'Not allowed', message: access.message } };
  const parsed = deleteRobotSchema.safeParse({ robotId: formData.get('robotId'), robotName: formData.get('robotName') ?? '' });
  if (!parsed.success) return { status: 'error', error: { title: 'Nothing was deleted', message: 'The request did not name a robot. Reload the page and try again.' } };
  try {
    await deleteRobot(parsed.data.robotId);
  } catch (err) {
    return {
      status: 'error',
      error: toDisplayError(err, {
        not_found: () => ({ title: 'Robot not found', message: 'It was already deleted or belongs to another account. Reload the page to see the current list.' }),
      }),
    };
  }
  revalidatePath('/robots');
  return { status: 'deleted', name: parsed.data.robotName };
}
