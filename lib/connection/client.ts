import 'server-only';
import { createPartnerClient, type PartnerClient } from '@/lib/partner/client';
import { MissingConnectionError } from '@/lib/ui/display-error';
import { getPartnerConnection } from '@/lib/connection/connection';

/**
 * The one way the dashboard reaches the Partner API. Pages keep a short total deadline so a slow
 * or rate-limited service yields an error message quickly instead of a hanging page.
 */
export function getPartnerClient(): PartnerClient {
  const connection = getPartnerConnection();
  if (!connection.baseUrl || !connection.apiKey) {
    throw new MissingConnectionError(
      'Set PARTNER_API_URL and PARTNER_API_KEY, or start with `npm run dev` to use the built-in sandbox; a key can also be entered on the Settings page.',
    );
  }
  return createPartnerClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    timeoutMs: 8_000,
    deadlineMs: 12_000,
    onRequest: (info) => {
      if (info.status === undefined || info.status >= 500) {
        console.warn(
          `[partner-api] ${info.method} ${info.path} attempt ${info.attempt} -> ${info.status ?? 'no answer'} in ${info.durationMs} ms`,
        );
      }
    },
  });
}

/** Cache tags of data the dashboard reads; mutations revalidate by these. */
export const TAGS = { robots: 'robots' } as const;
