/**
 * The visitor's address. The dashboard's server (scripts/serve.ts) replaces `X-Forwarded-For` with
 * the one address it settled from the socket (or a trusted proxy's chain), so this is not what the
 * client claimed. Takes anything with `get`: a Fetch `Headers` or the receiver's view of a Node request.
 */
export function clientAddress(requestHeaders: { get(name: string): string | null }): string {
  return requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}
