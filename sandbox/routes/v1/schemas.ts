import { z } from '@hono/zod-openapi';
import { CHANNEL_TYPES } from '../../domain/vocabulary';

const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'not_found', description: 'Stable machine-readable code; branch on it.' }),
      message: z.string().openapi({ description: 'Human-readable; wording may change.' }),
      request_id: z.string().openapi({ example: 'req_4fJ2kQ9sLm0ZpX7bT1cV8nRw', description: 'Same as X-Request-Id.' }),
      details: z.record(z.string(), z.unknown()).openapi({ description: 'Context; depends on the code.' }),
    }),
  })
  .openapi('Error');

const errorMeanings = {
  400: 'Malformed request: a parameter missing, unparseable or out of range (`invalid_parameter`), or a body that is not JSON (`invalid_json`).',
  401: 'Key missing, malformed, wrong, revoked or expired (`invalid_key`, the same body for all).',
  403: 'Understood but not permitted: missing role, lapsed plan, exhausted capacity.',
  404: 'No such resource, or it belongs to another partner (`not_found`).',
  409: 'Collision.',
  410: 'Social-DM handshake expired.',
  413: 'Request body far above the largest attachment cap (`payload_too_large`), refused before it is read.',
  422: 'Body parses but breaks the schema (`validation_failed`).',
  429: 'Calling too fast (`rate_limited`); see `Retry-After`.',
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

/** Error responses of a route; 401, 429, 500 and 503 apply to every keyed route (contract). */
export function errorResponses(...statuses: ErrorStatusCode[]) {
  const all = new Set<ErrorStatusCode>([...statuses, 401, 429, 500, 503]);
  const out: Partial<
    Record<
      ErrorStatusCode,
      {
        description: string;
        headers: Record<string, ReturnType<typeof header>>;
        content: { 'application/json': { schema: typeof ErrorSchema } };
      }
    >
  > = {};
  for (const status of [...all].sort((a, b) => a - b)) {
    // A 401 comes before the account is known, so it carries no RateLimit-* headers.
    const headers = status === 401 ? requestIdHeader : status === 429 ? { ...keyedHeaders, ...retryAfterHeader } : keyedHeaders;
    out[status] = { description: errorMeanings[status], headers, content: { 'application/json': { schema: ErrorSchema } } };
  }
  return out;
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
  .openapi('Robot');

export const pathId = (name: string, example: string) =>
  z
    .string()
    .min(1)
    .max(200, { error: 'must be at most 200 characters' })
    .openapi({ param: { name, in: 'path', required: true }, example });
