import { authorise } from '@/lib/auth/session';
import { accessRefusalResponse } from '@/app/_errors/access';
import { budgetState, callHistory } from '@/lib/connection/budget';
import { directorySize, directoryStatus } from '@/lib/robots/directory';
import { fillProgress } from '@/lib/usage-series/fill';

/**
 * The dashboard's own state for monitoring (and the bench): the robot directory, how many of the
 * year's closed days of usage are read, and the call budget. No API call.
 */
export async function GET(): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  const [directory, robots, usageDays, budget, calls] = await Promise.all([
    directoryStatus(),
    directorySize(),
    fillProgress(),
    budgetState(),
    callHistory(),
  ]);
  return Response.json(
    { directory: { ...directory, robots }, usageDays, budget, calls: { lastMinute: calls.lastMinute, lastHour: calls.lastHour } },
    { headers: { 'cache-control': 'no-store' } },
  );
}
