import 'server-only';
import { headers } from 'next/headers';
import { getEnv } from '@/lib/config/env';
import { forwardedOrigin } from '@/lib/http/forwarded-origin';

/**
 * The origin people reach this dashboard at, for links we hand out (invitations, resets): AUTH_URL
 * when the operator fixed it, else the origin of the request being served (the host the browser used).
 */
export async function publicOrigin(): Promise<string> {
  const fixed = getEnv().publicUrl;
  if (fixed) return new URL(fixed).origin;
  const h = await headers();
  return forwardedOrigin((name) => h.get(name), { scheme: 'http', host: 'localhost' }) ?? 'http://localhost';
}
