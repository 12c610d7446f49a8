import { authorise } from '@/lib/auth/session';
import { accessRefusalResponse } from '@/app/_errors/access';
import { suggestRobots } from '@/lib/robots/directory-query';

/** Robot suggestions for pickers, from the dashboard's robot directory (no API call). */
export async function GET(request: Request): Promise<Response> {
  const access = await authorise('view');
  if (!access.ok) return accessRefusalResponse(access);
  const text = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  return Response.json({ robots: await suggestRobots(text, 20) }, { headers: { 'cache-control': 'no-store' } });
}
