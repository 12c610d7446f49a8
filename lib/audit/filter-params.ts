import type { SearchParams } from '@/lib/ui/search-params';
import { firstParam } from '@/lib/ui/search-params';
import { auditFilterSchema, type AuditFilter } from './query';

const FIELDS = ['person', 'action', 'outcome', 'target', 'from', 'to'] as const;

/** The filters in the URL, and a sentence for each one that was malformed and so ignored. */
export function readAuditFilter(raw: SearchParams): { filter: AuditFilter; problems: string[]; query: URLSearchParams } {
  const values = Object.fromEntries(FIELDS.map((f) => [f, firstParam(raw[f])?.trim() || undefined]));
  const filter = auditFilterSchema.parse(values);
  const problems = FIELDS.filter((f) => values[f] !== undefined && filter[f] === undefined).map(
    (f) =>
      `“${String(values[f]).slice(0, 40)}” is not a valid ${f === 'from' || f === 'to' ? `“${f}” date (YYYY-MM-DD)` : f}; that filter is ignored.`,
  );
  const query = new URLSearchParams(FIELDS.flatMap((f) => (filter[f] ? [[f, String(filter[f])]] : [])));
  return { filter, problems, query };
}
