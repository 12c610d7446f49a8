import http from 'node:http';
import { ADMIN_TOKEN, REQUEST_ID, type TestSandbox } from './support';

// Helpers of the hostile-input and isolation tests: a raw HTTP client (fetch would normalise `..`,
// refuse some bytes and hide repeated headers), the route list read from the sandbox's own OpenAPI
// documents, and the check every answer must pass.

export interface RawRequest {
  method: string;
  /** Sent byte for byte: already encoded, or deliberately not. */
  path: string;
  /** A list sends the header once per value, as fetch cannot. */
  headers: Record<string, string | string[]>;
  body?: Buffer | undefined;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Statuses any route may answer to a hostile request, always with the error envelope. */
export const GENERIC_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429]);

/** A hang is a failure: no answer within this many milliseconds. */
export const REQUEST_TIMEOUT_MS = 5000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** An idle keep-alive connection the server closed (its 5 s keep-alive timeout) just as it was reused. */
class StaleConnection extends Error {}

function send(base: URL, request: RawRequest, timeoutMs: number, pooled: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(request.body.length);
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers,
        agent: pooled ? agent : false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms: ${request.method} ${request.path.slice(0, 200)}`)));
    req.on('error', (error: Error & { code?: string }) =>
      reject(req.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnection(error.message) : error),
    );
    req.end(request.body);
  });
}

/**
 * One request, sent byte for byte. A reset on a reused keep-alive connection means the request
 * never reached the server (the race Node's documentation describes for `reusedSocket`): it is sent
 * again, once, on a connection of its own, where a reset is a failure like any other.
 */
export async function rawRequest(baseUrl: string, request: RawRequest, timeoutMs = REQUEST_TIMEOUT_MS): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  try {
    return await send(base, request, timeoutMs, true);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return send(base, request, timeoutMs, false);
  }
}

export interface QueryParam {
  name: string;
  required: boolean;
}

export interface RouteSpec {
  surface: 'v1' | 'control';
  method: string;
  /** OpenAPI template, e.g. `/v1/robots/{robot_id}`. */
  template: string;
  pathParams: string[];
  query: QueryParam[];
  body: 'json' | 'multipart' | 'none';
  /** Top-level property names of the JSON body schema (followed through one $ref). */
  bodyFields: string[];
  /** The JSON body's schema (maybe a $ref into `schemas`), `{}` without one. */
  bodySchema: Record<string, unknown>;
  /** `components.schemas` of the route's document. */
  schemas: Record<string, unknown>;
  documented: ReadonlySet<number>;
  keyless: boolean;
}

export const routeName = (route: RouteSpec) => `${route.method} ${route.template}`;

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function bodyFieldsOf(doc: Obj, schema: Obj): string[] {
  const ref = schema.$ref;
  const resolved = typeof ref === 'string' ? obj(obj(obj(doc.components).schemas)[ref.split('/').pop() ?? '']) : schema;
  return Object.keys(obj(resolved.properties));
}

/** Every operation of an OpenAPI document, as the tests need it. */
export function routesOf(doc: Obj, surface: RouteSpec['surface']): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [template, item] of Object.entries(obj(doc.paths))) {
    for (const [method, raw] of Object.entries(obj(item))) {
      const op = obj(raw);
      const parameters = list(op.parameters).map(obj);
      const content = obj(obj(op.requestBody).content);
      const json = obj(content['application/json']);
      routes.push({
        surface,
        method: method.toUpperCase(),
        template,
        pathParams: [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: String(p.name), required: p.required === true })),
        body: 'multipart/form-data' in content ? 'multipart' : 'application/json' in content ? 'json' : 'none',
        bodyFields: bodyFieldsOf(doc, obj(json.schema)),
        bodySchema: obj(json.schema),
        schemas: obj(obj(doc.components).schemas),
        documented: new Set(Object.keys(obj(op.responses)).map(Number)),
        keyless: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return routes;
}

/** The /v1 and control API routes, from the documents the running sandbox serves. */
export async function servedRoutes(sandbox: TestSandbox): Promise<RouteSpec[]> {
  const v1 = await sandbox.fetch<Obj>('/v1/openapi.json');
  const control = await sandbox.fetch<Obj>('/sandbox/api/openapi.json', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (v1.status !== 200 || control.status !== 200) throw new Error(`documents answered ${v1.status} and ${control.status}`);
  return [...routesOf(v1.body, 'v1'), ...routesOf(control.body, 'control')];
}

/** What is wrong with an answer to a hostile request, or undefined when nothing is. */
export function problemWith(route: RouteSpec, answer: RawAnswer): string | undefined {
  const { status } = answer;
  if (status >= 500) return `answered ${status}`;
  if (!route.documented.has(status) && !GENERIC_STATUSES.has(status)) return `answered ${status}, neither documented nor generic`;
  const requestId = answer.headers['x-request-id'];
  if (typeof requestId !== 'string' || !REQUEST_ID.test(requestId)) return `no X-Request-Id (${String(requestId)})`;
  if (status < 400) return undefined;
  if (!(answer.headers['content-type'] ?? '').includes('application/json'))
    return `${status} is not JSON: ${answer.headers['content-type']}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `${status} body is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const error = obj(obj(parsed).error);
  const envelope =
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    error.request_id === requestId &&
    typeof error.details === 'object' &&
    error.details !== null &&
    !Array.isArray(error.details);
  return envelope ? undefined : `${status} without the error envelope: ${answer.text.slice(0, 300)}`;
}
