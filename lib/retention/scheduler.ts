import 'server-only';
import { repeatingPass } from '@/lib/jobs/repeating-pass';
import { purgeExpiredHistory } from './purge';

/** The horizon moves a millisecond at a time; a minute late is within what the pages say. */
const EVERY_MS = 60_000;

/** Starts the retention passes over the dashboard's store (one instance runs this, through lib/jobs). */
export function startRetention(): () => void {
  return repeatingPass('retention', EVERY_MS, () => purgeExpiredHistory());
}
