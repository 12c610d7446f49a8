import { healthReport } from '@/lib/deploy/health-report';

/**
 * For load balancers and uptime checks: 200 with `ok: true` while the process answers, even when the
 * store does not (then `store: 'unavailable'`). Public by design; reveals counts and ages only
 * (lib/deploy/health-report.ts).
 */
export async function GET(): Promise<Response> {
  return Response.json(await healthReport(), { headers: { 'cache-control': 'no-store' } });
}
