import { stringify } from 'csv-stringify/sync';
import { sourceKeys, USAGE_COLUMNS, type UsageRow } from './rows';

/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(…)` as a robot name) is prefixed
 * with an apostrophe, which spreadsheets show as text; numbers stay numbers.
 */
function neutraliseFormula(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

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
