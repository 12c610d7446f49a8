import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { RequestError } from '@hono/node-server';
import { newId } from '../domain/ids';
import { ApiError } from './api-error';
import { STATIC_SECURITY_HEADERS } from './security-headers';

// Requests refused before they reach the Hono app, by Node's HTTP parser (`clientError`), by
// @hono/node-server (a backslash in the path, a bad Host) or for a dot segment in the path: they
// still get the error envelope, a request id and the security headers instead of a bare status.

function unparseable(part: 'path' | 'request', reason: string): ApiError {
  return new ApiError('invalid_parameter', `The request's ${part} cannot be parsed.`, { parameter: part, reason });
}

function envelope(error: ApiError): { status: number; headers: Record<string, string>; body: string } {
  const requestId = newId.request();
  const body = JSON.stringify({ error: { code: error.code, message: error.message, request_id: requestId, details: error.details } });
  return {
    status: error.status,
    headers: { ...STATIC_SECURITY_HEADERS, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    body,
  };
}

/** `errorHandler` of @hono/node-server's listener. */
export function adapterErrorResponse(log: (message: string) => void) {
  return (error: unknown): Response => {
    const known = error instanceof RequestError;
    if (!known) log(`sandbox adapter error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    const answer = envelope(
      known
        ? unparseable('path', error.message)
        : new ApiError('internal_error', 'Something went wrong on our side; retry with backoff and quote request_id.'),
    );
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}

/** A `.` or `..` path segment, as written or percent-encoded. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * A path with a dot segment is refused as unparseable, as the adapter refuses a backslash: the URL
 * parser would resolve it to another path than the one written, so `/v1/robots/./channels` (a
 * robot id ".") reached `/v1/robots/channels`, another route, and got a 405 its operation does not
 * declare. Browsers resolve dot segments before sending, so no page link is affected. True when
 * it answered.
 */
export function refuseDotSegments(request: IncomingMessage, response: ServerResponse): boolean {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  if (!DOT_SEGMENT.test(query === -1 ? url : url.slice(0, query))) return false;
  const answer = envelope(unparseable('path', 'a "." or ".." segment; send the path it stands for'));
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
  return true;
}

/** What Node's parser refused, as the envelope says it: its own limits keep their statuses. */
function clientErrorOf(error: Error & { code?: string }): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('headers_too_large', `The request line and headers are over ${maxHeaderSize} bytes together; nothing was read.`, {
      limit_bytes: maxHeaderSize,
    });
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('request_timeout', 'The request did not arrive in time; nothing was read.');
  }
  return unparseable('request', error.code ?? error.message);
}

/**
 * Node's `clientError`: bytes that are not a valid HTTP request (a raw non-ASCII byte in the request
 * line, a broken chunk), headers over Node's size limit (431) or a request too slow to arrive (408).
 * Node's own answers to these are a bare status line; here they get the envelope like any error.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = envelope(clientErrorOf(error));
  const headers = { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)), Connection: 'close' };
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.end(`${head.join('\r\n')}\r\n\r\n${answer.body}`);
}
