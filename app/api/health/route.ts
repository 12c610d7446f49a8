import { healthReport } from '@/lib/deploy/health-report';

/**
 * For load balancers and uptime checks: 200 with `ok: true` while the process answers, even when the
 * store does not (then `store: 'unavailable'`). Public by design; reveals counts and ages only
 * (lib/deploy/health-report.ts). `?live` answers only that the process is up, reading nothing: the
 * cheapest check for a balancer that polls often (and the benches' baseline of a trivial route).
 */
export async function GET(request: Request): Promise<Response> {
  const headers = { 'cache-control': 'no-store' };
  if (new URL(request.url).searchParams.has('live')) return Response.json({ ok: true }, { headers });
  return Response.json(await healthReport(), { headers });
}
