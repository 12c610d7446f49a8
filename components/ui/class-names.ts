/**
 * Joins class lists, leaving out empty parts. Nothing here resolves conflicting utilities, so the
 * kit's parts take choices (padding, density) as props rather than letting a caller's class
 * override one of theirs.
 */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
