import { authorise } from '@/lib/auth/session';
import { accessRefusalResponse } from '@/app/_errors/access';
import { budgetState, callHistory } from '@/lib/connection/budget';
import { directorySize, directoryStatus } from '@/lib/robots/directory';

/** The dashboard's own state for monitoring (and the bench): the robot directory and the call budget. No API call. */
export async function GET(): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  const [directory, robots, budget, calls] = await Promise.all([directoryStatus(), directorySize(), budgetState(), callHistory()]);
  return Response.json(
    { directory: { ...directory, robots }, budget, calls: { lastMinute: calls.lastMinute, lastHour: calls.lastHour } },
    { headers: { 'cache-control': 'no-store' } },
  );
}
