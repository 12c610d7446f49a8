import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { ApiError, notFound } from './api-error';
import type { AppEnv } from './env';

function errorBody(c: Context<AppEnv>, error: ApiError) {
  return {
    error: { code: error.code, message: error.message, request_id: c.get('requestId'), details: error.details },
  };
}

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(errorBody(c, error), error.status);
}

/** Maps anything thrown to the envelope; unknown failures are logged here and never leak a stack. */
export function toApiError(thrown: unknown, log: (message: string) => void): ApiError {
  if (thrown instanceof ApiError) return thrown;
  if (thrown instanceof HTTPException) {
    // Hono's validators throw these: 400 for unparseable JSON, 415 for a body that is not JSON.
    if (thrown.status === 400 || thrown.status === 415) {
      return new ApiError('invalid_json', 'The request body is not valid JSON (Content-Type application/json).');
    }
    if (thrown.status === 404) return notFound();
  }
  log(`sandbox internal error: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`);
  return new ApiError('internal_error', 'Something went wrong on our side; retry with backoff and quote request_id.');
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

/** Query and path failures: 400 naming the first offending parameter (D2). */
export function parameterError(error: ZodError): ApiError {
  const issue = error.issues[0];
  const parameter = issue ? issuePath(issue.path) : '';
  const reason = issue?.message ?? 'invalid';
  return new ApiError('invalid_parameter', `Invalid parameter "${parameter}": ${reason}.`, { parameter, reason });
}

/** Body schema failures: 422 listing every issue (D2). */
export function validationError(error: ZodError): ApiError {
  return new ApiError('validation_failed', 'The request body does not match the schema.', {
    issues: error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message })),
  });
}

type HookResult = { target: string } & ({ success: true } | { success: false; error: ZodError });

/**
 * defaultHook for every OpenAPIHono app. Parameter failures answer at once (400). A body schema
 * failure is only recorded: D25 puts the resource's existence (404) before the body schema (422),
 * so handlers call `validBody` after their lookups and that throws the recorded 422.
 */
export function defaultHook(result: HookResult, c: Context<AppEnv>) {
  if (result.success) return undefined;
  if (result.target === 'json' || result.target === 'form') {
    c.set('deferredBodyError', validationError(result.error));
    // `{ response: undefined }` lets the request reach the handler with no validated body.
    return { response: undefined };
  }
  throw parameterError(result.error);
}

/**
 * Safety net for a body route whose handler forgot `validBody`: it must not succeed on a body that
 * broke the schema.
 */
export function deferredBodyGuard(log: (message: string) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const deferred = c.get('deferredBodyError');
    if (deferred && c.res.status < 400) {
      log(`sandbox: ${c.req.method} ${c.req.path} answered ${c.res.status} without checking its body (validBody)`);
      c.res = errorResponse(c, deferred);
    }
  };
}

/** The validated body, or the 422 that defaultHook deferred. Call after existence checks (D25). */
export function validBody<T>(c: Context<AppEnv>, body: T): T {
  const deferred = c.get('deferredBodyError');
  if (deferred) throw deferred;
  return body;
}
