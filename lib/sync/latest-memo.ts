/**
 * One remembered answer per name, recomputed only when its key changes: for figures drawn from
 * what a background pass or the receiver last stored (the key says which), so a burst of page views
 * in one minute computes them once per process. A failed computation is not kept.
 */
const slots = new Map<string, { key: string; value: Promise<unknown> }>();

export function latestByKey<T>(name: string, key: string, compute: () => Promise<T>): Promise<T> {
  const slot = slots.get(name);
  if (slot && slot.key === key) return slot.value as Promise<T>;
  const value = compute();
  slots.set(name, { key, value });
  value.catch(() => {
    if (slots.get(name)?.value === value) slots.delete(name);
  });
  return value;
}
