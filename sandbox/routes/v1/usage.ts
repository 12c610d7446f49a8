import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SandboxContext } from '../../context';
import { parseInstant } from '../../domain/instants';
import { usageReport } from '../../domain/usage';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { replayable } from '../../http/replay-cache';
import { errorResponses, keyedHeaders, PaginationQuery, PaginationSchema } from './schemas';

const INSTANT_REASON = 'must be an RFC 3339 date-time, e.g. 2026-01-31T00:00:00Z';

// Shape and calendar are checked here (400 naming the parameter); pairing, order and span need
// both values, so domain/usage.ts checks them (also 400, D11).
const instantQuery = (name: 'from' | 'to', description: string) =>
  z
    .string({ error: INSTANT_REASON })
    .refine((value) => parseInstant(value) !== undefined, { error: INSTANT_REASON })
    .optional()
    .openapi({ param: { name, in: 'query', required: false }, type: 'string', format: 'date-time', description });

const UsageQuerySchema = z.object({
  from: instantQuery('from', 'Window start, inclusive. Give with `to`; both absent means the last 30 days ending now.'),
  to: instantQuery('to', 'Window end, inclusive. At most 366 days after `from`.'),
  robot_id: z
    .string({ error: 'must be a robot id' })
    .min(1, { error: 'must be a robot id' })
    .max(200, { error: 'must be at most 200 characters' })
    .optional()
    .openapi({ param: { name: 'robot_id', in: 'query', required: false }, description: 'Narrows the report to one robot.' }),
  breakdown: z
    .enum(['source'], { error: 'must be source' })
    .optional()
    .openapi({
      param: { name: 'breakdown', in: 'query', required: false },
      description: 'Pre-release: accepted, and answers the standard payload.',
    }),
  ...PaginationQuery.shape,
});

const UsageSchema = z
  .object({
    robot_id: z.string(),
    external_id: z.string().nullable().openapi({ description: 'Null for every robot until robot creation over the API ships.' }),
    name: z.string(),
    messages: z.object({
      total: z.number().int().openapi({ description: 'All messages, both directions.' }),
      units: z.number().openapi({ description: 'Units consumed: 1 per message, 2 on the enhanced-accuracy model at the message time.' }),
      by_role: z.object({ client: z.number().int(), ai: z.number().int(), operator: z.number().int() }),
    }),
    conversations: z.object({ total: z.number().int().openapi({ description: 'Conversations with at least one message in the window.' }) }),
    channels_connected: z.number().int().openapi({ description: 'Active channels now; not windowed.' }),
    // The contract's breakdown=source fields, present "only with breakdown=source", which is pre-release:
    // the sandbox answers the standard payload, so they are declared (for generators) and never sent.
    channel: z.string().optional().openapi({ description: 'Only with `breakdown=source` (pre-release; not sent yet).' }),
    by_source: z
      .record(z.string(), z.object({ conversations: z.number().int(), messages: z.number().int() }))
      .optional()
      .openapi({
        description: 'Only with `breakdown=source` (pre-release; not sent yet): keys direct, comment, story_reply, story_mention, reel.',
      }),
    totals: z
      .object({ conversations: z.number().int(), messages: z.number().int() })
      .optional()
      .openapi({ description: 'Only with `breakdown=source` (pre-release; not sent yet): the sum across sources.' }),
  })
  .openapi('Usage');

const UsageReportSchema = z
  .object({
    window: z.object({ from: z.string(), to: z.string() }).openapi({ description: 'The window, inclusive at both ends.' }),
    data: z.array(UsageSchema),
    pagination: PaginationSchema,
    metadata: z.object({
      processed_at: z.iso.datetime().openapi({ description: 'When the figures are accurate as of; older than now on a cache hit.' }),
      cache_hit: z.boolean(),
    }),
  })
  .openapi('UsageReport', {
    example: {
      window: { from: '2026-11-01T00:00:00Z', to: '2026-11-27T23:59:59Z' },
      data: [
        {
          robot_id: 'rb_8Jd0sPq2LmX4vN7a',
          external_id: 'cust-1',
          name: 'Shop bot',
          messages: { total: 42, units: 84, by_role: { client: 20, ai: 18, operator: 4 } },
          conversations: { total: 7 },
          channels_connected: 1,
        },
      ],
      pagination: { limit: 50, offset: 0, total_count: 1, has_more: false },
      metadata: { processed_at: '2026-11-27T10:14:30.000Z', cache_hit: false },
    },
  });

const usageRoute = createRoute({
  method: 'get',
  path: '/v1/usage',
  operationId: 'getUsage',
  tags: ['Usage'],
  summary: 'Usage per robot',
  description:
    'Message and conversation activity per robot over an inclusive window (default the last 30 days, at most 366 days), one entry per robot in the order of GET /v1/robots. Results are cached for 60 s per query.',
  request: { query: UsageQuerySchema },
  responses: {
    200: { description: 'Usage report.', headers: keyedHeaders, content: { 'application/json': { schema: UsageReportSchema } } },
    ...errorResponses(400, 403, 404, 422),
  },
});

export function registerUsageRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  app.openapi(usageRoute, (c) => {
    const account = currentAccount(c);
    const { limit = 50, offset = 0, ...rest } = c.req.valid('query');
    const { report, sameUntilMs } = usageReport(ctx, account, { ...rest, limit, offset });
    if (sameUntilMs !== undefined) replayable(c, report, sameUntilMs);
    return c.json(report, 200);
  });
}
