import fc from 'fast-check';
import type { RawRequest, RouteSpec } from './hostile-http';
import { schemaBody } from './schema-arbitrary';
import { PNG } from './attachment-samples';

// fast-check generators of hostile requests for one route: every part of the request (path ids,
// query, headers, body) is either plausible or hostile, so the hostile part reaches as deep into
// the route as the plausible parts let it.

/** Percent-encodes what it can; a lone surrogate (which encodeURIComponent refuses) becomes %ED%A0%80-style bytes. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
};

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

/** Path segments as sent on the wire: traversal, NUL, broken escapes, unicode, 2 KB, prototype names, a backslash. */
const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'rb_%00x',
  '%zz',
  '%',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%F0%9F%A4%96',
  encode('ｒｏｂｏｔ＿ünïcödé‮'),
  'caf\u00e9',
  '..\\..\\windows',
  "'%20OR%20'1'%3D'1",
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '%20',
  '%2F',
  '*',
  '%3Cscript%3E',
  'x'.repeat(2048),
  encode('ü'.repeat(700)),
  ...PROTOTYPE_NAMES,
];

export function segment(validId: string | undefined): fc.Arbitrary<string> {
  const hostile = fc.oneof(
    fc.constantFrom(...HOSTILE_SEGMENTS),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encode),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encode),
  );
  // Valid more often than not: a route with three ids reaches its own checks and success only when all three are.
  return validId === undefined ? hostile : fc.oneof({ arbitrary: fc.constant(validId), weight: 3 }, { arbitrary: hostile, weight: 2 });
}

const HOSTILE_VALUES = [
  '',
  '-1',
  '0',
  '1',
  '1.5',
  '1e308',
  '-1e308',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'abc',
  '%00',
  '%zz',
  'true',
  '%5B%5D',
  '2024-02-30T00:00:00Z',
  '2024-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '2025-01-01T00:00:00%2B14:00',
  'source',
  'pending',
  'x'.repeat(2048),
  ...PROTOTYPE_NAMES,
];

function query(route: RouteSpec, validIds: Record<string, string>): fc.Arbitrary<string> {
  const names = [...route.query.map((q) => q.name), ...PROTOTYPE_NAMES, 'limit[]', '%00', 'x'.repeat(300)];
  const value = fc.oneof(
    fc.constantFrom(...HOSTILE_VALUES, ...Object.values(validIds)),
    fc.integer().map(String),
    fc.double().map(String),
    fc.string({ unit: 'grapheme', maxLength: 30 }).map(encode),
  );
  // Repeats are allowed on purpose: `?limit=1&limit=2`.
  const pairs = fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 6 });
  return pairs.map((list) => (list.length === 0 ? '' : `?${list.map(([name, v]) => `${name}=${v}`).join('&')}`));
}

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=HostileBoundary',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  ';;;',
  'application/json; boundary="',
  'application/merge-patch+json',
  '*/*',
];

function authorization(route: RouteSpec, key: string, adminToken: string): fc.Arbitrary<string | undefined> {
  const valid = route.surface === 'v1' ? key : adminToken;
  const other = route.surface === 'v1' ? adminToken : key;
  const wrong = fc.constantFrom(
    undefined,
    'Bearer wrong',
    'Basic Zm9vOmJhcg==',
    'Bearer',
    `Bearer ${'x'.repeat(2048)}`,
    `Bearer ${other}`,
    `Bearer pk_live_${'0'.repeat(32)}`,
    'Bearer caf\u00e9',
    `Bearer ${valid} extra`,
  );
  return fc.oneof({ arbitrary: fc.constantFrom(`Bearer ${valid}`, `bearer ${valid}`), weight: 8 }, { arbitrary: wrong, weight: 2 });
}

/** A JSON object written out by hand, so that keys such as `__proto__` reach the wire as own keys. */
const objectText = (entries: [string, unknown][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

const nested = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);

function jsonBody(route: RouteSpec, ids: Record<string, string>): fc.Arbitrary<string> {
  const fields = [...route.bodyFields, ...PROTOTYPE_NAMES, '', 'id', 'account_id'];
  const field = route.bodyFields[0] ?? 'name';
  const shaped = route.body === 'json' ? schemaBody(route.bodySchema, { schemas: route.schemas, ids }) : fc.constant('{}');
  return fc.oneof(
    { arbitrary: shaped, weight: route.body === 'json' ? 5 : 0 },
    {
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 })), { maxLength: 6 }).map(objectText),
      weight: 3,
    },
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    fc
      .constantFrom(100, 1000, 10_000, 100_000)
      .chain((depth) =>
        fc.constantFrom(nested(depth, '[', ']', ''), nested(depth, `{"${field}":`, '}', '1'), nested(depth, '{"__proto__":', '}', '{}')),
      ),
    fc.constantFrom(
      '{"__proto__":{"admin":true,"rate_limit_per_minute":1}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      `{"${field}":"x","__proto__":null}`,
      `{"${field}":{"__proto__":[]}}`,
      '{',
      '{"a":}',
      'nul',
      '\ufeff{}',
      '[1,]',
      '{"a":1}{"b":2}',
      `{"${field}":1e999999}`,
      `{"${field}":"\\ud800"}`,
    ),
    fc.constantFrom(100_000, 700_000).map((size) => objectText([[field, 'x'.repeat(size)]])),
    fc.string({ unit: 'grapheme', maxLength: 50 }),
  );
}

const BOUNDARY = 'HostileBoundary';
/** Multipart bodies are built as latin1 text, one character per byte, so a real PNG fits in. */
const PNG_BYTES = Buffer.from(PNG).toString('latin1');

function part(name: string, content: string, file?: { filename: string; type: string }): string {
  const disposition = file ? `form-data; name="${name}"; filename="${file.filename}"` : `form-data; name="${name}"`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n${content}\r\n`;
}

function multipartBody(route: RouteSpec, validIds: Record<string, string>): fc.Arbitrary<string> {
  const names = fc.constantFrom('conversation_id', 'file', ...route.bodyFields, ...PROTOTYPE_NAMES, '', 'x"; filename="y');
  const content = fc.oneof(fc.constantFrom(...Object.values(validIds), PNG_BYTES, '%PDF-1.4', ''), fc.string({ maxLength: 40 }));
  const file = fc.option(
    fc.record({
      filename: fc.constantFrom('a.png', '../../etc/passwd', '%00.png', 'ünï.pdf', 'x'.repeat(2048), '__proto__'),
      type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'image/png; charset=x', 'constructor', '', 'a/b/c'),
    }),
    { nil: undefined },
  );
  const parts = fc.array(fc.tuple(names, content, file), { maxLength: 4 }).map((list) => list.map(([n, c, f]) => part(n, c, f)).join(''));
  // A real upload of the caller's conversation, with hostile extra parts before or after it.
  const extras = fc.oneof(fc.constant<[string, string]>(['', '']), fc.tuple(parts, parts));
  const plausible = extras.map(
    ([before, after]) =>
      `${before}${part('conversation_id', validIds.conversation_id ?? 'conv_x')}${part('file', PNG_BYTES, { filename: 'a.png', type: 'image/png' })}${after}--${BOUNDARY}--\r\n`,
  );
  // A multipart route gets mostly plausible uploads, so its own checks and success are reached every run.
  return fc.oneof(
    { arbitrary: plausible, weight: route.body === 'multipart' ? 6 : 2 },
    { arbitrary: parts.map((body) => `${body}--${BOUNDARY}--\r\n`), weight: 3 },
    parts, // no closing boundary
    fc.constantFrom(`--${BOUNDARY}\r\ngarbage`, `--Other\r\n\r\n--Other--`, '--', `--${BOUNDARY}--`),
  );
}

/** One hostile request for the route; `validIds` are ids the caller's own account owns. */
export function hostileRequest(route: RouteSpec, ids: Record<string, string>, key: string, adminToken: string): fc.Arbitrary<RawRequest> {
  const segments = fc.tuple(...route.pathParams.map((name) => segment(ids[name])));
  const body = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: route.body === 'none' ? 4 : 1 },
    {
      arbitrary: jsonBody(route, ids).map((text) => ({ text, type: 'application/json', encoding: 'utf8' as const })),
      weight: route.body === 'json' ? 6 : 1,
    },
    {
      arbitrary: multipartBody(route, ids).map((text) => ({
        text,
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        encoding: 'latin1' as const,
      })),
      weight: route.body === 'multipart' ? 6 : 1,
    },
  );
  const contentType = fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, fc.constantFrom(...CONTENT_TYPES));
  return fc
    .record({ segments, query: query(route, ids), auth: authorization(route, key, adminToken), body, contentType })
    .map(({ segments: values, query: search, auth, body: sent, contentType: forced }) => {
      let i = 0;
      const path = route.template.replace(/\{[^}]+\}/g, () => values[i++] ?? '') + search;
      const headers: Record<string, string> = {};
      if (auth !== undefined) headers.authorization = auth;
      // Mostly the body's own type; sometimes a wrong one (or one without a body).
      const type = forced ?? sent?.type;
      if (type !== undefined) headers['content-type'] = type;
      return { method: route.method, path, headers, body: sent === undefined ? undefined : Buffer.from(sent.text, sent.encoding) };
    });
}
