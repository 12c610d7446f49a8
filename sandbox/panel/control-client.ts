/**
 * The one way the panel and the command line reach the sandbox: the control API (D24). The panel
 * passes an in-process `fetch` (the app's own `request`), the command line the real `fetch`; both
 * get the same answers, validation and error envelopes as any HTTP client.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ControlError {
  status: number;
  code: string;
  message: string;
  request_id: string | undefined;
  details: Record<string, unknown>;
}

export type ControlResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ControlError };

export interface Issue {
  path: string;
  message: string;
}

export interface ControlClient {
  call<T>(method: string, path: string, body?: unknown): Promise<ControlResult<T>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toControlError(status: number, parsed: unknown, requestId: string | null): ControlError {
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : {};
  return {
    status,
    code: typeof error.code === 'string' ? error.code : `http_${status}`,
    message: typeof error.message === 'string' ? error.message : `The control API answered HTTP ${status}.`,
    request_id: typeof error.request_id === 'string' ? error.request_id : (requestId ?? undefined),
    details: isRecord(error.details) ? error.details : {},
  };
}

export function createControlClient(fetchLike: FetchLike, baseUrl: string, token: string): ControlClient {
  return {
    async call<T>(method: string, path: string, body?: unknown): Promise<ControlResult<T>> {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetchLike(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (!response.ok) return { ok: false, status: response.status, error: toControlError(response.status, parsed, response.headers.get('x-request-id')) };
      // The control API's own answers: their shapes are the README's, so the caller names the type.
      return { ok: true, status: response.status, body: parsed as T };
    },
  };
}

/** `details.issues` of a validation_failed answer (D2), or none. */
export function issuesOf(error: ControlError): Issue[] {
  const issues = error.details.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) =>
    isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string' ? [{ path: issue.path, message: issue.message }] : [],
  );
}
