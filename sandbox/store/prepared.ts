/**
 * A value built once per connection (or drizzle instance) and reused: prepared statements on the
 * request path, which would otherwise be rebuilt and re-prepared on every call. Keyed weakly, so a
 * closed store's statements go with it and a reopened store prepares its own.
 */
export function oncePer<K extends object, T>(build: (key: K) => T): (key: K) => T {
  const built = new WeakMap<K, T>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      built.set(key, value);
    }
    return value;
  };
}
