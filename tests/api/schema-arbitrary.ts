import fc from 'fast-check';

// Bodies that follow a route's JSON Schema (from its OpenAPI document), so a hostile value in one
// field reaches the code behind the validator: a body is either valid, or valid but for one field.

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export interface SchemaScope {
  /** `components.schemas` of the document, for `$ref`. */
  schemas: Obj;
  /** Valid ids by field name (`account_id`): a field of that name takes the caller's own id. */
  ids: Record<string, string>;
}

const HOSTILE_VALUES: readonly unknown[] = [
  null,
  -1,
  1e308,
  -0,
  1.5,
  '',
  'x'.repeat(5000),
  '\u0000',
  '__proto__',
  'constructor',
  [],
  {},
  [{ a: 1 }],
  true,
  '2024-02-30T00:00:00Z',
  'javascript:alert(1)',
];

const PATTERN_CANDIDATES = ['/v1', '/v1/robots', 'GET', 'post', 'X-Env', 'abc'];

function stringFor(schema: Obj, name: string, scope: SchemaScope): fc.Arbitrary<string> {
  const own = scope.ids[name];
  if (own !== undefined) return fc.constant(own);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'uri') return fc.constantFrom('https://partner.example/return', 'http://127.0.0.1:9/hook');
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const fitting = PATTERN_CANDIDATES.filter((candidate) => pattern.test(candidate));
    if (fitting.length > 0) return fc.constantFrom(...fitting);
  }
  const minLength = num(schema.minLength) ?? 0;
  return fc.string({ minLength: Math.max(1, minLength), maxLength: Math.min(num(schema.maxLength) ?? 30, Math.max(minLength, 30)) });
}

function numberFor(schema: Obj): fc.Arbitrary<number> {
  const min = num(schema.minimum) ?? num(schema.exclusiveMinimum) ?? -1000;
  const max = num(schema.maximum) ?? num(schema.exclusiveMaximum) ?? 1000;
  // Small values mostly (a `days` of 366 or a clock jump of ten years is valid but slow), the bounds sometimes.
  const near = fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Math.max(min, 0) + 10)) });
  return fc.oneof(
    { arbitrary: near, weight: 4 },
    fc.constantFrom(min, max).filter((n) => Number.isInteger(n) || schema.type === 'number'),
  );
}

/** A value valid for `schema` (as far as JSON Schema says; refinements may still refuse it). */
export function validValue(schema: Obj, scope: SchemaScope, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return validValue(resolved(schema, scope), scope, name, depth);
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (variants) return fc.oneof(...variants.map((v) => validValue(obj(v), scope, name, depth)));
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type ?? 'object')];
  const type = types.find((t) => t !== 'null') ?? 'null';
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(schema, name, scope);
      case 'integer':
      case 'number':
        return numberFor(schema);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const maxLength = Math.min(num(schema.maxItems) ?? 3, 3);
        return fc.array(validValue(obj(schema.items), scope, name, depth + 1), {
          minLength: Math.min(num(schema.minItems) ?? 0, 3),
          maxLength,
        });
      }
      case 'null':
        return fc.constant(null);
      default:
        return depth > 4 ? fc.constant({}) : objectValue(schema, scope, depth);
    }
  })();
  return types.includes('null') ? fc.oneof({ arbitrary: value, weight: 3 }, fc.constant(null)) : value;
}

function objectValue(schema: Obj, scope: SchemaScope, depth: number): fc.Arbitrary<Obj> {
  const properties = obj(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const fields = Object.entries(properties).map(([name, sub]) => {
    const value = validValue(obj(sub), scope, name, depth + 1);
    return required.has(name)
      ? value.map((v) => [[name, v]] as [string, unknown][])
      : fc.option(value).map((v) => (v === null ? [] : ([[name, v]] as [string, unknown][])));
  });
  // Free-form maps (custom_headers) get a couple of entries.
  const extra =
    Object.keys(properties).length === 0 && schema.additionalProperties !== false
      ? fc.array(fc.tuple(fc.constantFrom('X-Env', 'x_trace'), validValue(obj(schema.additionalProperties), scope, '', depth + 1)), {
          maxLength: 2,
        })
      : fc.constant([] as [string, unknown][]);
  return fc.tuple(fc.tuple(...fields), extra).map(([lists, more]) => Object.fromEntries([...lists.flat(), ...more]));
}

/** The schema itself, or the component a `$ref` names. */
export function resolved(schema: Obj, scope: Pick<SchemaScope, 'schemas'>): Obj {
  const ref = schema.$ref;
  return typeof ref === 'string' ? obj(scope.schemas[ref.split('/').pop() ?? '']) : schema;
}

/** JSON text of a body that follows the schema, or follows it but for one field set to a hostile value. */
export function schemaBody(schema: Obj, scope: SchemaScope): fc.Arbitrary<string> {
  const valid = validValue(schema, scope);
  const fields = [...Object.keys(obj(resolved(schema, scope).properties)), '__proto__'];
  const broken = fc.tuple(valid, fc.constantFrom(...fields), fc.constantFrom(...HOSTILE_VALUES)).map(([body, field, hostile]) => {
    const entries: [string, unknown][] = [...Object.entries(obj(body)).filter(([name]) => name !== field), [field, hostile]];
    // Written by hand so that a `__proto__` field reaches the wire as an own key.
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
  });
  return fc.oneof(
    valid.map((body) => JSON.stringify(body)),
    broken,
  );
}
