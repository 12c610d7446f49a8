import 'server-only';
import { repeatingPass } from '@/lib/jobs/repeating-pass';
import { alertPass } from './alert-pass';

const EVERY_MS = 30_000;

/** Starts the alert passes (one instance at a time runs this, through lib/jobs); returns how to stop them. */
export function startAlerts(): () => void {
  return repeatingPass('alerts', EVERY_MS, () => alertPass());
}
