/**
 * `table[key]` for a key that came from outside (a query, a form, argv): only the table's own
 * entries count, so `constructor`, `__proto__` or `toString` never reach Object.prototype's.
 */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
