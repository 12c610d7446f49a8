import 'server-only';
import { createPartnerClient, type PartnerClient } from '@/lib/partner/client';
import { MissingConnectionError } from './missing-connection';
import { getPartnerConnection } from '@/lib/connection/connection';
import { noteRequestId } from './request-trail';
import { noteRateLimit, reserveCall, type CallPurpose } from './budget';
import { noteKeyAnswer } from './key-health';
import { noteServiceDate } from './service-clock';
import { profiledFetch, profiling } from '@/lib/config/bench-profile';

/**
 * The one way the dashboard reaches the Partner API. Pages keep a short total deadline so a slow
 * or rate-limited service yields an error message quickly instead of a hanging page. Every attempt
 * is counted against the dashboard's share of the call budget, under the purpose it serves.
 */
export async function getPartnerClient(purpose: CallPurpose = 'page'): Promise<PartnerClient> {
  const connection = await getPartnerConnection();
  if (connection.keySource === 'unreadable') {
    throw new MissingConnectionError('unreadable_key');
  }
  if (!connection.baseUrl || !connection.apiKey) {
    throw new MissingConnectionError('not_configured');
  }
  return createPartnerClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    timeoutMs: 8_000,
    deadlineMs: 12_000,
    beforeAttempt: () => reserveCall(purpose),
    ...(profiling && { fetch: profiledFetch }),
    onRequest: (info) => {
      noteRequestId(info.requestId);
      noteRateLimit(info.rateLimit).catch(() => undefined);
      noteKeyAnswer(info.status, info).catch(() => undefined);
      noteServiceDate(info.serviceDate).catch(() => undefined);
      if (info.status === undefined || info.status >= 500) {
        console.warn(
          `[partner-api] ${info.method} ${info.path} attempt ${info.attempt} -> ${info.status ?? 'no answer'} in ${info.durationMs} ms`,
        );
      }
    },
  });
}
