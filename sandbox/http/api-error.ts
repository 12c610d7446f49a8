// The error envelope's code, status and details (D2), apart from the Hono helpers in ./errors so
// that the request env (./env) and the domain can name ApiError without importing those.

/** Every error code the sandbox answers with (contract + D2), and its HTTP status. */
const errorStatus = {
  invalid_parameter: 400,
  invalid_json: 400,
  invalid_key: 401,
  role_missing: 403,
  plan_lapsed: 403,
  capacity_exhausted: 403,
  attachment_not_in_plan: 403,
  // Sandbox file URLs (D14): a missing, malformed or wrong signature.
  signature_invalid: 403,
  not_found: 404,
  method_not_allowed: 405,
  // Node's own limit, answered before the request reaches the app (http/outside-app.ts).
  request_timeout: 408,
  handshake_open: 409,
  bot_already_connected: 409,
  channel_type_taken: 409,
  // Sandbox control API only: a closed conversation takes no more messages.
  conversation_closed: 409,
  handshake_expired: 410,
  // Sandbox file URLs (D14): a signed URL past its 15 minutes.
  url_expired: 410,
  // A body far above the largest attachment cap, refused before it is read.
  payload_too_large: 413,
  // Headers over Node's maxHeaderSize, answered before the request reaches the app.
  headers_too_large: 431,
  validation_failed: 422,
  invalid_credential: 422,
  webhook_not_configured: 422,
  rate_limited: 429,
  internal_error: 500,
  dependency_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];
export type ErrorDetails = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = errorStatus[code];
    this.headers = headers;
  }
}

export const INVALID_KEY_MESSAGE = 'The API key is missing, malformed, wrong, revoked or expired.';

export const notFound = (what = 'resource') => new ApiError('not_found', `No such ${what}.`);
