import 'server-only';
import { directoryStatus } from '@/lib/robots/directory';
import { repeatingPass } from '@/lib/jobs/repeating-pass';
import { fillPass } from './fill';

const EVERY_MS = 20_000;
/**
 * The directory comes first: on a fresh start its sweep has the background share to itself, and a
 * minute more for its follow-up look, before the days are read (customers' series need it too). The
 * minute counts from when this process first found it complete (a small directory is rewritten
 * whole by every look, so its own completion time keeps moving).
 */
const AFTER_DIRECTORY_MS = 60_000;
let completeSince: number | null = null;

async function directorySettled(now = Date.now()): Promise<boolean> {
  if (!(await directoryStatus()).complete) {
    completeSince = null;
    return false;
  }
  completeSince ??= now;
  return now - completeSince >= AFTER_DIRECTORY_MS;
}

/** Starts the passes of the closed-days read (one instance at a time runs this, through lib/jobs); returns how to stop them. */
export function startUsageDays(): () => void {
  return repeatingPass('usage-days', EVERY_MS, async () => {
    if (await directorySettled()) await fillPass();
  });
}
