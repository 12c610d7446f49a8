import 'server-only';
import { headers } from 'next/headers';
import { getEnv } from '@/lib/config/env';

/**
 * The origin people reach this dashboard at, for links we hand out (invitations, resets): AUTH_URL
 * when the operator fixed it, else the origin of the request being served (the host the browser used).
 */
export async function publicOrigin(): Promise<string> {
  const fixed = getEnv().publicUrl;
  if (fixed) return new URL(fixed).origin;
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost';
  const proto = h.get('x-forwarded-proto') ?? 'http';
  return `${proto.split(',')[0]?.trim() === 'https' ? 'https' : 'http'}://${host.split(',')[0]?.trim()}`;
}
