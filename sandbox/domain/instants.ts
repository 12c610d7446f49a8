// RFC 3339 instants as the sandbox accepts them (the shape zod's iso.datetime({offset: true})
// checks), also refusing calendar dates that do not exist, which Date.parse would roll over
// (2026-02-30 would become 2 March).

// Seconds and an offset (Z or ±hh:mm) are required: a value without one would be read in the
// server's local time zone.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** Milliseconds since the epoch, or undefined when the value is no real RFC 3339 instant. */
export function parseInstant(value: string): number | undefined {
  const parts = RFC3339.exec(value);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
