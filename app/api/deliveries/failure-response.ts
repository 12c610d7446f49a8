import { CallBudgetSpentError } from '@/lib/connection/budget-error';
import { PartnerConnectionError } from '@/lib/partner/errors';
import { displayErrorResponse, toDisplayError, type CodeMessages } from '@/app/_errors/display-error';
import { MissingConnectionError } from '@/lib/connection/missing-connection';

/**
 * The answer to the browser's poll when reading a delivery failed. The poller and anyone reading the
 * status need to tell "wait and ask again" from "the service is down" from "the service refused":
 * the dashboard's own call budget being spent is 429 with Retry-After (nothing was sent), a service
 * that cannot be reached (or is not configured) is 503, and the API's own answers keep theirs.
 */
export function deliveryFailureResponse(err: unknown, messages: CodeMessages = {}): Response {
  const error = toDisplayError(err, messages);
  if (err instanceof CallBudgetSpentError)
    return Response.json(
      { error: { ...error, status: 429 } },
      { status: 429, headers: { 'retry-after': String(err.retryInSeconds), 'cache-control': 'no-store' } },
    );
  if (err instanceof PartnerConnectionError || err instanceof MissingConnectionError)
    return Response.json(
      {
        error: {
          ...error,
          code: err instanceof MissingConnectionError ? 'partner_api_not_configured' : 'partner_api_unreachable',
          status: 503,
        },
      },
      { status: 503, headers: { 'cache-control': 'no-store' } },
    );
  return displayErrorResponse(error);
}
