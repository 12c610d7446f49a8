import { readAuditFilter } from '@/lib/audit/filter-params';
import { auditCsv } from '@/lib/audit/query';
import { authorise } from '@/lib/auth/session';
import { accessRefusalResponse } from '@/app/_errors/access';

/** The filtered audit log as CSV, for admins. */
export async function GET(request: Request): Promise<Response> {
  const access = await authorise('change');
  if (!access.ok) return accessRefusalResponse(access);
  const { filter } = readAuditFilter(Object.fromEntries(new URL(request.url).searchParams));
  const { csv, truncated } = await auditCsv(filter);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit_${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
      ...(truncated && { 'x-truncated': 'the newest 50,000 entries; narrow the filters for older ones' }),
    },
  });
}
