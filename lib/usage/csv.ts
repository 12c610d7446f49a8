import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@/lib/ui/csv-cell';
import { sourceKeys, USAGE_COLUMNS, type UsageRow } from './rows';

/**
 * The usage table as CSV: exactly the table's columns plus any source breakdown, with a UTF-8 byte
 * order mark so spreadsheet software reads "Café" as written.
 */
export function usageCsv(rows: UsageRow[]): string {
  const sources = sourceKeys(rows);
  const header = [...USAGE_COLUMNS.map((c) => c.label), ...sources.flatMap((s) => [`${s} conversations`, `${s} messages`])];
  const records = rows.map((r) => [
    ...USAGE_COLUMNS.map((c) => neutraliseFormula(r[c.key])),
    ...sources.flatMap((s) => [r.bySource?.[s]?.conversations ?? '', r.bySource?.[s]?.messages ?? '']),
  ]);
  return stringify([header, ...records], { bom: true });
}
