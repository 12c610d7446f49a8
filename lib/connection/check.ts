import 'server-only';
import { createPartnerClient } from '@/lib/partner/client';
import { getPartnerClient } from './client';

/** One cheap call that proves the configured address and key work, and how many robots they see. */
export async function checkConnection(): Promise<{ robots: number; requestId: string | undefined }> {
  const result = await (await getPartnerClient()).listRobots({ limit: 1 });
  return { robots: result.data.pagination?.total_count ?? result.data.data?.length ?? 0, requestId: result.requestId };
}

/** Asks the service whether it accepts a key before it replaces the one in use; rejects with the API's error. */
/** Resolves with the request_id of the check, for the audit log. */
export async function verifyApiKey(baseUrl: string, apiKey: string): Promise<string | null> {
  const { requestId } = await createPartnerClient({ baseUrl, apiKey, timeoutMs: 8_000, deadlineMs: 10_000 }).listRobots({ limit: 1 });
  return requestId ?? null;
}
