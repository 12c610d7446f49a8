import { z } from '@hono/zod-openapi';
import { CHANNEL_TYPES } from '../../domain/vocabulary';

// The contract lists every field of the error object as optional; the sandbox always sends all four.
const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().optional().openapi({ example: 'not_found', description: 'Stable machine-readable code; branch on it.' }),
      message: z.string().optional().openapi({ description: 'Human-readable; wording may change.' }),
      request_id: z.string().optional().openapi({ example: 'req_4fJ2kQ9sLm0ZpX7bT1cV8nRw', description: 'Same as X-Request-Id.' }),
      details: z.record(z.string(), z.unknown()).optional().openapi({ description: 'Context; depends on the code.' }),
    }),
  })
  .openapi('Error', {
    example: {
      error: { code: 'not_found', message: 'No such robot.', request_id: 'req_4fJ2kQ9sLm0ZpX7bT1cV8nRw', details: {} },
    },
  });

const errorMeanings = {
  400: 'Malformed request: a parameter missing, unparseable or out of range (`invalid_parameter`), a body that is not JSON or not UTF-8 (`invalid_json`), or a request the server cannot take as written (a `.` or `..` path segment, a backslash, a raw non-ASCII byte: `invalid_parameter`).',
  401: 'Key missing, malformed, wrong, revoked or expired (`invalid_key`, the same body for all); two `Authorization` headers count as none.',
  403: 'Understood but not permitted: missing role, lapsed plan, exhausted capacity.',
  404: 'No such resource, or it belongs to another partner (`not_found`); also a path this document does not list, such as this one with a trailing slash.',
  408: 'The request did not arrive in time (`request_timeout`); refused before any route.',
  409: 'Collision.',
  410: 'Social-DM handshake expired.',
  413: "Request body over the route's cap (`payload_too_large`, `details.limit_bytes`; 1 MiB unless the route says otherwise, whatever the method), refused before it is read.",
  422: 'Body parses but breaks the schema (`validation_failed`).',
  429: 'Calling too fast (`rate_limited`); see `Retry-After`.',
  431: 'Request line and headers over 16 KiB together (`headers_too_large`); refused before any route.',
  500: 'Server failure (`internal_error`); retry with backoff and quote `request_id`.',
  503: 'A dependency is unavailable (`dependency_unavailable`); retry with backoff.',
} as const;

export type ErrorStatusCode = keyof typeof errorMeanings;

const header = (description: string, type: 'string' | 'integer' = 'string') => ({ description, schema: { type } });

/** Headers on every response (D1). */
export const requestIdHeader = { 'X-Request-Id': header('`req_` + 24 base62 characters; equals `error.request_id` on errors.') };

/** Headers on every keyed response (D4). */
export const keyedHeaders = {
  ...requestIdHeader,
  'RateLimit-Limit': header('Requests allowed per sliding 60 s window.', 'integer'),
  'RateLimit-Remaining': header('Requests left in the current window.', 'integer'),
  'RateLimit-Reset': header('Seconds until the oldest counted request leaves the window.', 'integer'),
};

const retryAfterHeader = { 'Retry-After': header('Whole seconds to wait, at least 1.', 'integer') };

/**
 * Answered on every path whatever the route does: a request the server cannot parse (400), a path
 * variant the document does not list (404), Node's own limits (408, 431), the body cap (413), a
 * failure (500).
 */
const ANY_ROUTE: readonly ErrorStatusCode[] = [400, 404, 408, 413, 431, 500];
/** Answered on every keyed route besides: the key (401), the rate limit (429), an injected fault (503). */
const KEYED_ROUTE: readonly ErrorStatusCode[] = [401, 429, 503];
/** Refused before the account is known, so without RateLimit-* headers. */
const BEFORE_KEY = new Set<ErrorStatusCode>([401, 408, 431]);

type ErrorResponse = {
  description: string;
  headers: Record<string, ReturnType<typeof header>>;
  content: { 'application/json': { schema: typeof ErrorSchema } };
};

function responsesFor(statuses: Iterable<ErrorStatusCode>, headersOf: (status: ErrorStatusCode) => ErrorResponse['headers']) {
  const out: Partial<Record<ErrorStatusCode, ErrorResponse>> = {};
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    out[status] = {
      description: errorMeanings[status],
      headers: headersOf(status),
      content: { 'application/json': { schema: ErrorSchema } },
    };
  }
  return out;
}

/** Error responses of a keyed route: its own `statuses` plus every status any keyed route answers. */
export function errorResponses(...statuses: ErrorStatusCode[]) {
  return responsesFor([...statuses, ...ANY_ROUTE, ...KEYED_ROUTE], (status) =>
    BEFORE_KEY.has(status) ? requestIdHeader : status === 429 ? { ...keyedHeaders, ...retryAfterHeader } : keyedHeaders,
  );
}

/** Error responses of a route that needs no key (the API description): it is neither keyed nor counted. */
export function keylessErrorResponses() {
  return responsesFor(ANY_ROUTE, () => requestIdHeader);
}

/**
 * An integer query parameter given as text. Strict on purpose (D3): "1.5", "1e1", " 5", "" and a
 * repeated parameter are all 400, never coerced.
 */
function integerQuery(name: string, min: number, max: number | undefined, fallback: number, description: string) {
  const reason = max === undefined ? `must be an integer >= ${min}` : `must be an integer between ${min} and ${max}`;
  const range = z.number().int().min(min, { error: reason });
  return z
    .string({ error: reason })
    .regex(/^\d+$/, { error: reason })
    .transform(Number)
    .pipe(max === undefined ? range : range.max(max, { error: reason }))
    .optional()
    .openapi({
      param: { name, in: 'query', required: false },
      type: 'integer',
      minimum: min,
      ...(max === undefined ? {} : { maximum: max }),
      default: fallback,
      description,
    });
}

export const PaginationQuery = z.object({
  limit: integerQuery('limit', 1, 100, 50, 'Page size, 1..100.'),
  offset: integerQuery('offset', 0, undefined, 0, 'Items to skip; use offset = page * limit.'),
});

export const PaginationSchema = z
  .object({
    limit: z.number().int(),
    offset: z.number().int(),
    total_count: z.number().int().openapi({ description: 'All matches.' }),
    has_more: z.boolean().openapi({ description: 'offset + data.length < total_count' }),
  })
  .openapi('Pagination');

export const ChannelTypeSchema = z.enum(CHANNEL_TYPES).openapi('ChannelType');

const ChannelSummarySchema = z
  .object({
    id: z.string(),
    type: ChannelTypeSchema,
    is_active: z.boolean().openapi({ description: 'Whether the channel receives traffic.' }),
  })
  .openapi('ChannelSummary');

export const RobotSchema = z
  .object({
    id: z.string().openapi({ example: 'rb_8Jd0sPq2LmX4vN7a' }),
    name: z.string(),
    external_id: z.string().nullable().openapi({ description: "Partner's own identifier; null when never set." }),
    channels: z
      .array(ChannelSummarySchema)
      .openapi({ description: 'Connected and disabled channels; an open social_dm handshake is not listed.' }),
    created_at: z.iso.datetime(),
  })
  .openapi('Robot', {
    example: {
      id: 'rb_8Jd0sPq2LmX4vN7a',
      name: 'Shop bot',
      external_id: 'cust-1',
      channels: [{ id: 'ch_3kQ9sLm0ZpX7bT1c', type: 'messenger_bot', is_active: true }],
      created_at: '2026-11-27T10:00:00.000Z',
    },
  });

export const pathId = (name: string, example: string) =>
  z
    .string()
    .min(1)
    .max(200, { error: 'must be at most 200 characters' })
    .openapi({ param: { name, in: 'path', required: true }, example });
