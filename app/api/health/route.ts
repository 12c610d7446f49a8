/** For load balancers and uptime checks: the process answers. Public by design; reveals nothing. */
export function GET(): Response {
  return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
}
