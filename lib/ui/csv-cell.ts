/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(…)` as a robot name) is prefixed
 * with an apostrophe, which spreadsheets show as text; numbers stay numbers.
 */
export function neutraliseFormula(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
