import 'server-only';
import { z } from 'zod';
import { readSetting, writeSetting, parseJsonSetting } from '@/lib/db/settings';

/**
 * Which instance runs each background job, as the holder last said. Only a report: the advisory
 * lock (leadership.ts) decides who runs a job; a record is rewritten by each new holder and kept
 * fresh by the running one, so a stale `beatAt` means the holder is gone and nobody took over yet.
 */
export const JOB_NAMES = ['directory-sync', 'deliveries-watch', 'alerts', 'usage-days', 'retention'] as const;
export type JobName = (typeof JOB_NAMES)[number];

const recordSchema = z.object({ instance: z.string(), since: z.string(), beatAt: z.string() });
export type HolderRecord = z.infer<typeof recordSchema>;

const settingOf = (job: string) => `job_holder:${job}`;

export async function writeHolderRecord(job: string, record: HolderRecord): Promise<void> {
  await writeSetting(settingOf(job), JSON.stringify(record));
}

export async function readHolderRecord(job: string): Promise<HolderRecord | null> {
  return parseJsonSetting(await readSetting(settingOf(job)), recordSchema);
}
