import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileRequest } from './hostile-arbitraries';
import { rawRequest, routeName, routesOf, type RawAnswer, type RawRequest, type RouteSpec } from './hostile-http';
import { partnerWorld } from './partner-world';
import { ADMIN_TOKEN, REQUEST_ID, TestSandbox } from './support';

// /v1 held to its own OpenAPI document. Requests are generated from each operation the document
// lists: the hostile ids, queries, keys and bodies of hostile-arbitraries.ts, plus what a fuzzer
// reading the document adds — a trailing slash, two Authorization headers, a JSON body that is not
// UTF-8, a body over the cap, headers over Node's limit. Every answer must have a status the
// operation declares (not merely "some 4xx", as hostile-input-property.test.ts allows) and a body
// that matches the schema declared for that status.

const RUNS_PER_OPERATION = 100;

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});

const sandbox = new TestSandbox();
await sandbox.start();
afterAll(() => sandbox.stop());
const documentAnswer = await sandbox.fetch<Obj>('/v1/openapi.json');
if (documentAnswer.status !== 200) throw new Error(`/v1/openapi.json answered ${documentAnswer.status}`);
const doc = documentAnswer.body;
/** Destructive operations last, so the ids the others use still exist while they run. */
const operations = routesOf(doc, 'v1').sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** `$ref`s into `components.schemas` rewritten to `$defs`, the form `z.fromJSONSchema` resolves. */
function withDefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      name === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '#/$defs/') : withDefs(inner),
    ]),
  );
}

const defs = withDefs(obj(obj(doc.components).schemas));

/** Per declared status: each media type's schema; an empty map when the response declares no body. */
type Declared = Map<number, Map<string, z.ZodType>>;

function declaredResponses(route: RouteSpec): Declared {
  const operation = obj(obj(obj(doc.paths)[route.template])[route.method.toLowerCase()]);
  const declared: Declared = new Map();
  for (const [status, response] of Object.entries(obj(operation.responses))) {
    const media = new Map<string, z.ZodType>();
    for (const [type, content] of Object.entries(obj(obj(response).content))) {
      // The document's own JSON Schema, as z.fromJSONSchema takes it.
      const schema = { ...obj(withDefs(obj(content).schema)), $defs: defs } as Parameters<typeof z.fromJSONSchema>[0];
      media.set(type, z.fromJSONSchema(schema));
    }
    declared.set(Number(status), media);
  }
  return declared;
}

/** What in `answer` the document does not declare for the operation, or undefined. */
function undeclared(declared: Declared, answer: RawAnswer): string | undefined {
  const media = declared.get(answer.status);
  if (media === undefined) return `answered ${answer.status}, which it does not declare (${[...declared.keys()].join(', ')})`;
  const requestId = answer.headers['x-request-id'];
  if (typeof requestId !== 'string' || !REQUEST_ID.test(requestId)) return `${answer.status} without X-Request-Id`;
  if (media.size === 0) return answer.text === '' ? undefined : `${answer.status} declares no body, got ${answer.text.slice(0, 200)}`;
  const type = (answer.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const schema = media.get(type);
  if (schema === undefined) return `${answer.status} came as ${type || 'no type'}, declared ${[...media.keys()].join(', ')}`;
  let body: unknown = answer.text;
  if (type === 'application/json') {
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `${answer.status} is not JSON: ${answer.text.slice(0, 200)}`;
    }
  }
  const checked = schema.safeParse(body);
  if (!checked.success) return `${answer.status} does not match its schema: ${JSON.stringify(checked.error.issues).slice(0, 400)}`;
  if (answer.status >= 400 && obj(obj(body).error).request_id !== requestId)
    return `${answer.status}: error.request_id is not X-Request-Id`;
  return undefined;
}

// What a fuzzer reading the document adds to a request; up to two apply to one request. Each says
// on which operations it must be refused, whatever else the request holds: a status under 300
// there means the twist was overlooked (a trailing slash served as the route, an ambiguous key
// taken from a kept answer, a body that is not UTF-8 stored).

interface Twist {
  name: string;
  apply: (request: RawRequest) => RawRequest;
  refusedOn: (route: RouteSpec) => boolean;
  /** Sets the body, undoing an earlier twist's body (and its claim to be refused). */
  setsBody?: true;
}

const always = () => true;

const withTrailingSlash: Twist = {
  name: 'trailing slash',
  apply: (request) => ({ ...request, path: request.path.replace(/^[^?]*/, (path) => `${path}/`) }),
  refusedOn: always,
};

const twoAuthorizations = (first: string, second: string): Twist => ({
  name: 'two Authorization headers',
  apply: (request) => ({ ...request, headers: { ...request.headers, authorization: [first, second] } }),
  // The description routes need no key, so they ignore it.
  refusedOn: (route) => !route.keyless,
});

/** A broken two-byte sequence, a lone continuation byte, an overlong "/", a UTF-16 surrogate, 0xFF. */
const NOT_UTF8 = [[0xc3, 0x28], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]];

/** A JSON string field that is not UTF-8, put in the request's own JSON object body (or alone). */
const notUtf8 = (bytes: number[]): Twist => ({
  name: 'body not UTF-8',
  apply: (request) => {
    const text = request.body?.toString('utf8') ?? '';
    const rest = text.startsWith('{') && text.trim() !== '{}' ? `,${text.slice(1)}` : '}';
    const body = Buffer.concat([Buffer.from('{"note":"caf'), Buffer.from(bytes), Buffer.from(`"${rest}`)]);
    return { ...request, headers: { ...request.headers, 'content-type': 'application/json' }, body };
  },
  setsBody: true,
  // An operation without a JSON body never reads one.
  refusedOn: (route) => route.body === 'json',
});

const OVER_CAP = Buffer.alloc(1_048_577, 'x');
/** One byte over the /v1 cap (and far over the typing route's): a 413 whatever the method. */
const overCap: Twist = {
  name: 'body over the cap',
  apply: (request) => ({ ...request, body: OVER_CAP }),
  setsBody: true,
  refusedOn: always,
};

/** Over Node's 16 KiB of headers. Without a body: the server closes the connection as it answers. */
const oversizedHeaders: Twist = {
  name: 'headers over 16 KiB',
  apply: (request) => ({ ...request, headers: { ...request.headers, 'x-padding': 'x'.repeat(20_000) }, body: undefined }),
  setsBody: true,
  refusedOn: always,
};

/** The twists whose effect survives: of those that set the body, only the last. */
function withoutUndoneBodies(applied: Twist[]): Twist[] {
  const lastBody = applied.findLastIndex((twist) => twist.setsBody === true);
  return applied.filter((twist, index) => twist.setsBody !== true || index === lastBody);
}

function twists(key: string): fc.Arbitrary<Twist[]> {
  const valid = `Bearer ${key}`;
  const wrong = 'Bearer pk_live_wrong';
  const twist = fc.oneof(
    { weight: 3, arbitrary: fc.constant(withTrailingSlash) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(twoAuthorizations(valid, wrong), twoAuthorizations(wrong, valid), twoAuthorizations(valid, valid)),
    },
    { weight: 3, arbitrary: fc.constantFrom(...NOT_UTF8).map(notUtf8) },
    { weight: 1, arbitrary: fc.constant(overCap) },
    { weight: 1, arbitrary: fc.constant(oversizedHeaders) },
  );
  // Most requests as hostile-arbitraries makes them, so valid ones still reach the routes' successes.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Twist[]>([]) },
    { weight: 2, arbitrary: fc.array(twist, { minLength: 1, maxLength: 2 }).map(withoutUndoneBodies) },
  );
}

const describeRequest = (request: RawRequest) =>
  JSON.stringify({
    ...request,
    path: request.path.slice(0, 300),
    headers: JSON.stringify(request.headers).slice(0, 300),
    body: request.body?.toString('utf8').slice(0, 300),
  });

/** Refusals any path gets before an operation looks at its input: key, unknown path, unparseable request, body cap, headers. */
const SHALLOW: ReadonlySet<number> = new Set([400, 401, 404, 413, 431]);

// A limit far above the runs, so requests reach the routes rather than the limiter.
const world = await partnerWorld(sandbox, { rate_limit_per_minute: 1_000_000 });
// Built before the first request: fast-check takes seconds here to build its first grapheme string
// arbitrary, time better not spent between two requests on a keep-alive connection.
const requests = new Map(
  operations.map((route) => [
    route,
    fc.tuple(hostileRequest(route, world.ids, world.key, ADMIN_TOKEN), twists(world.key)).map(([plain, applied]) => ({
      sent: applied.reduce((twisted, twist) => twist.apply(twisted), plain),
      mustRefuse: applied.filter((twist) => twist.refusedOn(route)).map((twist) => twist.name),
    })),
  ]),
);
/** Per operation: the statuses answered and how often, shown after the run to see how deep it reached. */
const answered = new Map<string, Map<number, number>>();

afterAll(() => {
  const lines = [...answered].map(([name, statuses]) => {
    const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    return `  ${name}  (${spread.join(' ')})`;
  });
  console.log(`answers per operation against its declared responses:\n${lines.join('\n')}`);
});

describe('/v1 answers what its OpenAPI document declares', () => {
  it('declares no catch-all default response, and every operation is run below', () => {
    const declared = Object.values(obj(doc.paths)).flatMap((item) =>
      Object.values(obj(item)).map((operation) => obj(obj(operation).responses)),
    );
    expect(declared.length).toBe(operations.length);
    expect(operations.length).toBeGreaterThanOrEqual(13);
    for (const responses of declared) expect(responses).not.toHaveProperty('default');
  });

  for (const [route, request] of requests) {
    it(`${routeName(route)}: every answer has a declared status and matches its schema`, { timeout: 60_000 }, async () => {
      const declared = declaredResponses(route);
      const statuses = new Map<number, number>();
      answered.set(routeName(route), statuses);
      await fc.assert(
        fc.asyncProperty(request, async ({ sent, mustRefuse }) => {
          const answer = await rawRequest(sandbox.url, sent);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem =
            undeclared(declared, answer) ??
            (answer.status < 300 && mustRefuse.length > 0 ? `answered ${answer.status} despite: ${mustRefuse.join(', ')}` : undefined);
          if (problem !== undefined) throw new Error(`${problem}\nrequest: ${describeRequest(sent)}`);
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
      // The requests reach the operation's own checks or its success, not only the refusals every path gets.
      const deep = [...statuses.keys()].filter((status) => !SHALLOW.has(status));
      expect(deep, `statuses: ${[...statuses.keys()].join(', ')}`).not.toEqual([]);
    });
  }
});
