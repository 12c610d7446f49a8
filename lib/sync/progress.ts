/** A count as people read it: 10,000 rather than 10000. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/**
 * How far a mirror has read, against the total the API gave: "1,200 of 10,000 robots". Without a
 * total (a service that omits it), or past it (the list shrank under the read), the count alone.
 */
export function readOfTotal(read: number, total: number | null, noun: { one: string; many: string }): string {
  const word = (n: number) => (n === 1 ? noun.one : noun.many);
  return total !== null && read < total
    ? `${formatCount(read)} of ${formatCount(total)} ${word(total)}`
    : `${formatCount(read)} ${word(read)}`;
}
