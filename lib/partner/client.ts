import 'server-only';
/**
 * Typed client of Partner API v1 (contract: /work/shared/spec/partner-api-v1.md, D1–D25).
 *
 * Return shape: every method resolves to `PartnerResult<T> = { data, requestId }`, where
 * `requestId` is the response's `X-Request-Id` (D1) for support and audit logs, and `data` is
 * the schema-parsed body (see schemas.ts for how tolerant that is). Methods answered 204
 * (`deleteRobot`, `setTyping`) resolve to `{ data: undefined, requestId }`.
 * Failures reject with a `PartnerError` subclass from errors.ts; the API key never appears in
 * their messages.
 *
 * Server-only: the key is a secret (contract, Authentication 4).
 */
import { z } from 'zod';
import {
  InvalidResponseError,
  PartnerConnectionError,
  PartnerError,
  PartnerTimeoutError,
  errorFromResponse,
  retryAfterMs,
} from './errors';
import {
  DEFAULT_RETRY_BASE_DELAY_MS,
  MAX_RETRY_AFTER_MS,
  MIN_ATTEMPT_BUDGET_MS,
  backoffMs,
  failedBeforeSend,
  isIdempotent,
  shouldRetryStatus,
  sleep,
  type HttpMethod,
} from './retry';
import {
  AttachmentSchema,
  ChannelSchema,
  ConnectResultSchema,
  DeliveryListSchema,
  DeliverySchema,
  RobotListSchema,
  RuleSchema,
  TestEventResultSchema,
  UsageReportSchema,
  type Attachment,
  type Channel,
  type ConnectResult,
  type Delivery,
  type DeliveryList,
  type RobotList,
  type Rule,
  type TestEventResult,
  type UsageReport,
} from './schemas';
import type {
  ConnectChannelInput,
  DeliveryQuery,
  PageQuery,
  PartnerClientOptions,
  PartnerRequestInfo,
  PartnerResult,
  UsageQuery,
} from './types';

export type * from './types';

type QueryValue = string | number | boolean | Date | undefined;

interface RequestSpec<T> {
  method: HttpMethod;
  /** Under `/v1`, ids already encoded with `seg`. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  schema: z.ZodType<T>;
}

const NO_CONTENT = z.unknown().transform((): undefined => undefined);

/**
 * Encodes one path id. `.` and `..` are refused because URL parsing resolves them as dot
 * segments even when percent-encoded, which would send a DELETE to another resource.
 */
function seg(id: string): string {
  if (id === '' || id === '.' || id === '..') throw new TypeError(`Invalid path id: "${id}"`);
  return encodeURIComponent(id);
}

export function createPartnerClient(options: PartnerClientOptions) {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (root === '') throw new TypeError('createPartnerClient: baseUrl is required');
  const apiKey = options.apiKey;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  const deadlineMs = options.deadlineMs ?? 15_000;
  const baseDelayMs = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const userAgent = options.userAgent ?? 'partner-dashboard/0.1';

  /** A service echoing the Authorization header in a message must not leak it into logs. */
  function scrub<E extends Error>(error: E): E {
    if (apiKey !== '' && error.message.includes(apiKey)) {
      error.message = error.message.split(apiKey).join('[redacted]');
    }
    return error;
  }

  function report(info: PartnerRequestInfo): void {
    try {
      options.onRequest?.(info);
    } catch {
      // A broken logger must not turn a successful call into a failure.
    }
  }

  async function request<T>(spec: RequestSpec<T>): Promise<PartnerResult<T>> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue;
      params.set(key, value instanceof Date ? value.toISOString() : String(value));
    }
    const search = params.size > 0 ? `?${params.toString()}` : '';
    const path = `/v1${spec.path}${search}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${apiKey}`,
      Accept: 'application/json',
      'User-Agent': userAgent,
    };
    let body: string | FormData | undefined;
    if (spec.form) {
      body = spec.form; // fetch writes the multipart boundary itself
    } else if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['Content-Type'] = 'application/json';
    }

    const deadline = Date.now() + deadlineMs;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      const attemptTimeoutMs = Math.max(1, Math.min(timeoutMs, deadline - started));
      const signal = AbortSignal.timeout(attemptTimeoutMs);
      let failure: PartnerError;
      let canRetry: boolean;
      let serverWaitMs: number | undefined;
      let status: number | undefined;
      let requestId: string | undefined;

      try {
        const response = await fetchImpl(root + path, { method: spec.method, headers, body, signal });
        status = response.status;
        requestId = response.headers.get('x-request-id') ?? undefined;
        const text = await response.text();
        if (response.ok) {
          const data = parseBody(spec.schema, text, status, requestId, `${spec.method} ${path}`);
          report({ method: spec.method, path, attempt, durationMs: Date.now() - started, status, requestId });
          return { data, requestId };
        }
        const apiError = scrub(errorFromResponse(status, text, response.headers));
        requestId = apiError.requestId;
        failure = apiError;
        canRetry = shouldRetryStatus(spec.method, status);
        serverWaitMs = retryAfterMs(response.headers);
      } catch (error) {
        if (error instanceof PartnerError) {
          // Only the body check throws these: the exchange itself completed.
          report({ method: spec.method, path, attempt, durationMs: Date.now() - started, status, requestId, error: error.name });
          throw error;
        }
        if (signal.aborted) {
          failure = new PartnerTimeoutError(
            `The Partner API did not answer ${spec.method} ${path} within ${attemptTimeoutMs} ms.`,
            { cause: error },
          );
          // The request may have been processed: only an idempotent one is repeated.
          canRetry = isIdempotent(spec.method);
        } else {
          const reason = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
          failure = scrub(
            new PartnerConnectionError(`Could not reach the Partner API (${spec.method} ${path})${reason}`, {
              cause: error,
            }),
          );
          canRetry = isIdempotent(spec.method) || failedBeforeSend(error);
        }
      }

      const waitMs = canRetry && attempt <= maxRetries ? retryWait(serverWaitMs, attempt - 1, deadline) : undefined;
      report({
        method: spec.method,
        path,
        attempt,
        durationMs: Date.now() - started,
        ...(status !== undefined && { status }),
        ...(requestId !== undefined && { requestId }),
        error: failure.name,
        ...(waitMs !== undefined && { retryInMs: Math.round(waitMs) }),
      });
      if (waitMs === undefined) throw failure;
      await sleep(waitMs);
    }
  }

  /**
   * Undefined means "give up now": a server-sent wait is never cut short, and no wait is started
   * unless the attempt after it still has some budget (a 5 ms attempt would only time out).
   */
  function retryWait(serverWaitMs: number | undefined, retryIndex: number, deadline: number): number | undefined {
    if (serverWaitMs !== undefined && serverWaitMs > MAX_RETRY_AFTER_MS) return undefined;
    const waitMs = serverWaitMs ?? backoffMs(retryIndex, baseDelayMs);
    return Date.now() + waitMs + MIN_ATTEMPT_BUDGET_MS <= deadline ? waitMs : undefined;
  }

  return {
    async listRobots(query: PageQuery = {}): Promise<PartnerResult<RobotList>> {
      return request({
        method: 'GET',
        path: '/robots',
        query: { limit: query.limit, offset: query.offset },
        schema: RobotListSchema,
      });
    },

    async deleteRobot(robotId: string): Promise<PartnerResult<undefined>> {
      return request({ method: 'DELETE', path: `/robots/${seg(robotId)}`, schema: NO_CONTENT });
    },

    /** `data.kind` is `pending` (redirect to `channel.authorisation_url` as is) or `live`. */
    async connectChannel(robotId: string, input: ConnectChannelInput): Promise<PartnerResult<ConnectResult>> {
      const json = input.config ? { type: input.type, config: { token: input.config.token } } : { type: input.type };
      return request({ method: 'POST', path: `/robots/${seg(robotId)}/channels`, json, schema: ConnectResultSchema });
    },

    async updateChannel(robotId: string, channelId: string, input: { is_active: boolean }): Promise<PartnerResult<Channel>> {
      return request({
        method: 'PATCH',
        path: `/robots/${seg(robotId)}/channels/${seg(channelId)}`,
        json: { is_active: input.is_active },
        schema: ChannelSchema,
      });
    },

    async getRule(robotId: string, channelId: string, ruleId: string): Promise<PartnerResult<Rule>> {
      return request({
        method: 'GET',
        path: `/robots/${seg(robotId)}/channels/${seg(channelId)}/rules/${seg(ruleId)}`,
        schema: RuleSchema,
      });
    },

    async getUsage(query: UsageQuery = {}): Promise<PartnerResult<UsageReport>> {
      // Fields are picked one by one so nothing else (such as `breakdown`) can ride along.
      const { from, to, robot_id, limit, offset } = query;
      return request({ method: 'GET', path: '/usage', query: { from, to, robot_id, limit, offset }, schema: UsageReportSchema });
    },

    /** One upload serves one conversation; pass the returned `id` as `attachment_ids` when sending. */
    async uploadAttachment(input: { conversationId: string; file: Blob; filename: string }): Promise<PartnerResult<Attachment>> {
      const form = new FormData();
      form.set('conversation_id', input.conversationId);
      form.set('file', input.file, input.filename);
      return request({ method: 'POST', path: '/attachments', form, schema: AttachmentSchema });
    },

    /** The indicator expires by itself; resend while typing continues. */
    async setTyping(conversationId: string, isTyping = true): Promise<PartnerResult<undefined>> {
      return request({
        method: 'POST',
        path: `/conversations/${seg(conversationId)}/typing`,
        json: { is_typing: isTyping },
        schema: NO_CONTENT,
      });
    },

    /** D18: `POST /v1/webhooks/test`, no body, 202 `{delivery_id, status}`. */
    async sendTestEvent(): Promise<PartnerResult<TestEventResult>> {
      return request({ method: 'POST', path: '/webhooks/test', schema: TestEventResultSchema });
    },

    async listDeliveries(query: DeliveryQuery = {}): Promise<PartnerResult<DeliveryList>> {
      const { delivery_id, status, event_type, limit, offset } = query;
      return request({
        method: 'GET',
        path: '/webhooks/deliveries',
        query: { delivery_id, status, event_type, limit, offset },
        schema: DeliveryListSchema,
      });
    },

    async getDelivery(deliveryId: string): Promise<PartnerResult<Delivery>> {
      return request({ method: 'GET', path: `/webhooks/deliveries/${seg(deliveryId)}`, schema: DeliverySchema });
    },
  };
}

export type PartnerClient = ReturnType<typeof createPartnerClient>;

function parseBody<T>(schema: z.ZodType<T>, text: string, status: number, requestId: string | undefined, what: string): T {
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new InvalidResponseError({ status, requestId, message: `${what} answered ${status} with a body that is not JSON.` });
    }
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  throw new InvalidResponseError({
    status,
    requestId,
    issues: parsed.error.issues,
    message: `${what} answered ${status} with an unexpected body (${where}).`,
  });
}
