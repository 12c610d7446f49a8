import {
  AuthenticationError,
  InvalidResponseError,
  NotFoundError,
  PartnerApiError,
  PartnerConnectionError,
  PartnerTimeoutError,
  PermissionDeniedError,
  RateLimitError,
} from '@/lib/partner/errors';
import { CallBudgetSpentError } from '@/lib/connection/budget-error';
import { MissingConnectionError, type MissingConnectionReason } from '@/lib/connection/missing-connection';
import type { DisplayError } from '@/components/ui/display-error';

const MISSING_CONNECTION_WORDS: Record<MissingConnectionReason, string> = {
  unreadable_key:
    'The API key saved on the Settings page cannot be read (AUTH_SECRET changed, or the database was altered). Save the key again on Settings, or remove it to use the environment’s key.',
  not_configured:
    'Set PARTNER_API_URL and PARTNER_API_KEY, or start with `npm run dev` to use the built-in sandbox; a key can also be entered on the Settings page.',
};

// The shape the UI draws (components/ui/display-error.ts); the words for it are chosen here.
export type { DisplayError } from '@/components/ui/display-error';

/** Per-page wording for codes that page cares about; everything else falls back to the status. */
export type CodeMessages = Partial<Record<string, (err: PartnerApiError) => Omit<DisplayError, 'requestId' | 'code' | 'status'>>>;

export function toDisplayError(err: unknown, overrides: CodeMessages = {}): DisplayError {
  if (err instanceof PartnerApiError) {
    const base = { requestId: err.requestId, code: err.code, status: err.status };
    const override = err.code ? overrides[err.code] : undefined;
    if (override) return { ...override(err), ...base };
    return { ...byStatus(err), ...base };
  }
  if (err instanceof PartnerTimeoutError) {
    return {
      title: 'The Partner API did not answer in time',
      message: 'Nothing was changed on our side. Try again in a moment; if it keeps happening, check the service status.',
    };
  }
  if (err instanceof PartnerConnectionError) {
    return {
      title: 'Could not reach the Partner API',
      message: 'Check that the service address on the Settings page is right and that the service is running, then try again.',
    };
  }
  if (err instanceof InvalidResponseError) {
    return {
      title: 'The Partner API sent an answer we could not read',
      message: 'This is a problem between the service and this dashboard, not with your data. Contact support with the request id.',
      requestId: err.requestId,
      status: err.status,
    };
  }
  if (err instanceof CallBudgetSpentError) {
    return {
      title: 'The dashboard is pausing its calls to the API',
      message: `To leave room for your production integration, this dashboard uses at most ${err.allowance} of the account's ${err.limit} calls a minute, and that share is spent. Nothing was sent. Try again in ${err.retryInSeconds} s.`,
      code: 'call_budget_spent',
    };
  }
  if (err instanceof MissingConnectionError) {
    return { title: 'No Partner API is configured', message: MISSING_CONNECTION_WORDS[err.reason] };
  }
  return { title: 'Something went wrong', message: 'An unexpected error occurred. Try again; if it keeps failing, contact support.' };
}

function byStatus(err: PartnerApiError): Omit<DisplayError, 'requestId' | 'code' | 'status'> {
  const serviceSays = err.message ? ` The service says: “${err.message}”` : '';
  if (err instanceof AuthenticationError) {
    return {
      title: 'The API key was refused',
      message:
        'The key is missing, wrong, revoked or expired. Copy a current key from the partner panel and enter it on the Settings page.',
    };
  }
  if (err instanceof RateLimitError) {
    const wait = err.retryAfterSeconds;
    return {
      title: 'Too many requests right now',
      message: `Your account is calling the API faster than its plan allows. ${wait ? `Try again in ${wait} s.` : 'Wait a minute and try again.'}`,
    };
  }
  if (err instanceof NotFoundError) {
    return {
      title: 'Not found',
      message: `It no longer exists or belongs to another account. Reload the page to see the current list.${serviceSays}`,
    };
  }
  if (err instanceof PermissionDeniedError) {
    return { title: 'Not permitted', message: `Your account's plan, roles or capacity do not allow this.${serviceSays}` };
  }
  if (err.status >= 500) {
    return {
      title: 'The Partner API had a problem',
      message: `The service failed to answer (${err.status}). Try again shortly; if it persists, contact support with the request id.`,
    };
  }
  return { title: `The request was refused (${err.status})`, message: err.message || 'The service refused the request.' };
}
