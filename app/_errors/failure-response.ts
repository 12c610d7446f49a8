import { CallBudgetSpentError } from '@/lib/connection/budget-error';
import { PartnerConnectionError } from '@/lib/partner/errors';
import type { DisplayError } from '@/components/ui/display-error';
import { MissingConnectionError } from '@/lib/connection/missing-connection';

/**
 * How a route handler answers when a call behind it failed. A caller needs to tell "wait and ask
 * again" from "the service is down" from "the service refused": the dashboard's own call budget
 * being spent is 429 with Retry-After (nothing was sent), a service that cannot be reached (or is
 * not configured) is 503, the API's own refusals keep their 4xx, and only the service failing is 502.
 */
export function failureAnswer(err: unknown, error: DisplayError): { status: number; headers: Record<string, string>; error: DisplayError } {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (err instanceof CallBudgetSpentError) {
    return { status: 429, headers: { ...headers, 'retry-after': String(err.retryInSeconds) }, error: { ...error, status: 429 } };
  }
  if (err instanceof PartnerConnectionError || err instanceof MissingConnectionError) {
    const code = err instanceof MissingConnectionError ? 'partner_api_not_configured' : 'partner_api_unreachable';
    return { status: 503, headers, error: { ...error, code, status: 503 } };
  }
  return { status: error.status && error.status < 500 ? error.status : 502, headers, error };
}

/** The same as JSON, for the browser's own calls (polls, uploads). */
export function failureResponse(err: unknown, error: DisplayError): Response {
  const answer = failureAnswer(err, error);
  return Response.json({ error: answer.error }, { status: answer.status, headers: answer.headers });
}
