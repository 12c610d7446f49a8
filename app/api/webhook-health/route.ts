import { accessRefusalResponse } from '@/app/_errors/access';
import { authorise } from '@/lib/auth/session';
import { endpointHealthState } from '@/lib/webhook-health/state';

/** The endpoint's health as the last watch pass left it, for the banner's poll. Reads the store only; no API call. */
export async function GET(): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  return Response.json({ health: await endpointHealthState() }, { headers: { 'cache-control': 'no-store' } });
}
