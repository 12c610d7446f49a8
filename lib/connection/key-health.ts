import 'server-only';
import { z } from 'zod';
import { deleteSetting, readJsonSetting, readSetting, writeSetting } from '@/lib/db/settings';

/**
 * Whether the service refuses the dashboard's key. A refused key stops every page and every
 * background pass, so the overview names it first; it is noted by whichever call meets the 401,
 * in any instance, and cleared by the next call the service accepts.
 */
const SETTING = 'key_refused';
/** How long an instance trusts its own view that nothing is recorded, so accepted calls do not each read the store. */
const RECHECK_MS = 30_000;

const refusalSchema = z.object({ at: z.string(), requestId: z.string().nullable(), path: z.string() });
export type KeyRefusal = z.infer<typeof refusalSchema>;

let clearCheckedAt = 0;

export async function noteKeyAnswer(
  status: number | undefined,
  info: { requestId?: string; path: string },
  now = Date.now(),
): Promise<void> {
  if (status === 401) {
    await writeSetting(SETTING, JSON.stringify({ at: new Date(now).toISOString(), requestId: info.requestId ?? null, path: info.path }));
    clearCheckedAt = 0;
    return;
  }
  if (status === undefined || status < 200 || status >= 300 || now - clearCheckedAt < RECHECK_MS) return;
  clearCheckedAt = now;
  if ((await readSetting(SETTING)) !== null) await deleteSetting(SETTING);
}

export async function keyRefusal(): Promise<KeyRefusal | null> {
  return readJsonSetting(SETTING, refusalSchema);
}
