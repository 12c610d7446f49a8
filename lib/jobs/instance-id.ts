import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';

// Once per process, surviving Next's module reloads in development, so the records this process writes keep one name.
const state = globalThis as unknown as { dashboardInstanceId?: string };

/**
 * This process's name among the instances sharing the store. The hostname is hashed because the id
 * is shown on the public health check; the pid tells processes on one host apart, and the random
 * suffix a restarted process that happens to get the same pid.
 */
export function instanceId(): string {
  state.dashboardInstanceId ??= [
    createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8),
    process.pid,
    randomBytes(3).toString('hex'),
  ].join('-');
  return state.dashboardInstanceId;
}
