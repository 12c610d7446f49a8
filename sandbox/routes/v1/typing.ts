import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { SandboxContext } from '../../context';
import { findLiveConversationOfAccount } from '../../domain/partner-conversations';
import { setTyping } from '../../domain/typing';
import { currentAccount } from '../../http/auth';
import type { AppEnv } from '../../http/env';
import { ApiError, notFound } from '../../http/api-error';
import { envelopeBodyLimit } from '../../http/body-limit';
import { parameterError, validationError } from '../../http/errors';
import { TypingBody } from './attachment-schemas';
import { errorResponses, keyedHeaders, pathId } from './schemas';

const params = z.object({ conversation_id: pathId('conversation_id', 'conv_4fJ2kQ9sLm0ZpX7b') });

const typingRoute = createRoute({
  method: 'post',
  path: '/v1/conversations/{conversation_id}/typing',
  operationId: 'setTyping',
  tags: ['Conversations'],
  summary: 'Show the operator typing indicator',
  description:
    'Shows the end customer that an operator is typing, for 5 seconds; resend while typing continues. `is_typing` defaults to true; false clears it early. The body may be empty (or absent). `is_typing` not a boolean: 422 `validation_failed`.',
  request: {
    params,
    body: { required: false, content: { 'application/json': { schema: TypingBody } } },
  },
  responses: {
    204: { description: 'Shown (or cleared).', headers: keyedHeaders },
    ...errorResponses(400, 403, 404, 413, 422),
  },
});

const JSON_TYPE = /^application\/([a-z.-]+\+)?json\s*(;|$)/i;
const TYPING_BODY_LIMIT = 16 * 1024;

/**
 * An empty body (with or without a Content-Type) means the defaults: clients often send none on a
 * call whose fields are all optional. A non-empty one must be JSON (D2 `invalid_json` otherwise).
 */
async function readJsonOrEmpty(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError('invalid_json', 'A request body must be JSON (Content-Type application/json).');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON (Content-Type application/json).');
  }
}

export function registerTypingRoutes(app: OpenAPIHono<AppEnv>, ctx: SandboxContext): void {
  // Registered by hand: zod-openapi's JSON validator answers an empty body with a JSON Content-Type
  // as unparseable, where an empty body here means "the defaults".
  app.openAPIRegistry.registerPath(typingRoute);
  app.post('/v1/conversations/:conversation_id/typing', envelopeBodyLimit(TYPING_BODY_LIMIT), async (c) => {
    const account = currentAccount(c);
    // D25: path parameters (400), body parse (400), existence (404), body schema (422).
    const param = params.safeParse({ conversation_id: c.req.param('conversation_id') });
    if (!param.success) throw parameterError(param.error);
    const raw = await readJsonOrEmpty(c);
    if (!findLiveConversationOfAccount(ctx, account.id, param.data.conversation_id)) throw notFound('conversation');
    const body = TypingBody.safeParse(raw);
    if (!body.success) throw validationError(body.error);
    setTyping(ctx, param.data.conversation_id, body.data.is_typing ?? true);
    return c.body(null, 204);
  });
}
