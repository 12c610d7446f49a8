/** Only same-site paths: a crafted ?callbackUrl= must not send a user to another site. */
export function safeReturnPath(value: unknown, fallback = '/robots'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  let candidate = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      candidate = `${url.pathname}${url.search}`;
    } catch {
      return fallback;
    }
  }
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  if (candidate.startsWith('/login')) return fallback;
  return candidate;
}
