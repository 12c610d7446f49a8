const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Dates are shown in UTC with the zone named, so staff in different places read the same time. */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return 'unknown';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`;
}

/** Shortens in the middle, so names that share a prefix ("Acme Support EU" / "Acme Support US") stay distinct. */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** A JSON text indented for reading; anything that is not JSON is shown as received. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const count = new Intl.NumberFormat('en-US');
const rate = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A whole count with thousands separated: 1,240. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** A share from 0 to 1 as a percentage with at most one decimal (98.2%); a dash when there is none. */
export function formatRate(share: number | null): string {
  return share === null ? '—' : rate.format(share);
}
