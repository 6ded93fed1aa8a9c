/**
 * Hostile request values for the route fuzz test: values a client can send that a route must answer with a 4xx,
 * never a 5xx. Bodies follow each route's OpenAPI request schema (so many requests pass validation and reach the
 * handler) with hostile values mixed in; hostile-url.ts builds the path params and queries.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  maxLength?: number;
};

const MB = 1024 * 1024;
const MULTIPART = 'multipart/form-data; boundary=b';
/** A file part that claims to be a PNG and is not one. */
const PNG_PART =
  '--b\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\u0000\u0001\r\n';

/** Strings no route may choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '1e9',
  '1.5',
  '0x2',
  '2e0',
  '+2',
  '02',
  ' 2',
  '9007199254740993',
  '99999999999999999999999',
  '-2147483649',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "'; drop table users; --",
  'x;drop',
  'id:sideways',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'https://nan',
  'https://\u0000.example',
  'https://[::1',
  '%00',
  '\u202e\ufeff',
  '\u0001\u001f\u007f',
  '😀'.repeat(300),
  'a'.repeat(70_000),
];

/** Numbers (JSON has no NaN or Infinity: they arrive as null). */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  -2_147_483_649,
  2_147_483_648,
  4_294_967_296,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  1.5,
  -0.000001,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

const deep = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i += 1) v = asArray ? [v] : { a: v };
  return v;
};

/** Values of the wrong type for any field. */
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  ['\u0000'],
  { '\u0000': 1 },
  { __proto__x: 1, constructor: { prototype: 1 } },
  deep(64, 1, true),
  deep(64, 'x', false),
];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Plausible values, so that a fair share of requests passes validation and reaches a handler. */
export interface Plausible {
  ids: readonly number[];
  strings: readonly string[];
  /** Strings for fields whose name matches: urls for `url`, zones for `timezone`, … */
  byName: readonly (readonly [RegExp, readonly string[]])[];
  /** Ids for fields whose name matches: websites for `domain_id`, audiences for `audiences`, … */
  idsByName: readonly (readonly [RegExp, readonly number[]])[];
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A value for a JSON schema: well-typed and plausible most of the time, hostile otherwise (at every level). */
export function valueFor(schema: JsonSchema, plausible: Plausible, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const typed = typedValue(schema, plausible, depth, name, true);
  return fc.oneof({ weight: 5, arbitrary: typed }, { weight: 2, arbitrary: hostileValue });
}

/** A well-typed, plausible value; with `mixed`, its fields and items are sometimes hostile. */
export function typedValue(
  schema: JsonSchema,
  plausible: Plausible,
  depth: number,
  name: string,
  mixed: boolean,
): fc.Arbitrary<unknown> {
  const child = (s: JsonSchema, n: string): fc.Arbitrary<unknown> =>
    mixed ? valueFor(s, plausible, depth + 1, n) : typedValue(s, plausible, depth + 1, n, false);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0)
    return fc.oneof(...branches.map((b) => typedValue(b, plausible, depth + 1, name, mixed)));
  if (schema.allOf && schema.allOf.length > 0) return typedValue(schema.allOf[0]!, plausible, depth + 1, name, mixed);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const withNull = (a: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.oneof({ weight: 4, arbitrary: a }, fc.constant(null)) : a;
  const ids = fc.constantFrom(...(plausible.idsByName.find(([re]) => re.test(name))?.[1] ?? plausible.ids));
  switch (typeOf(schema)) {
    case 'object': {
      if (depth > 6) return fc.constant({});
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0)
        return withNull(fc.dictionary(fc.constantFrom('a', 'filters', 'id', '\u0000'), hostileValue));
      const fields = Object.fromEntries(keys.map((k) => [k, child(props[k]!, k)]));
      // every field most of the time (so handlers run), only the required ones sometimes
      const lean = { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) };
      return withNull(fc.oneof({ weight: 3, arbitrary: fc.record(fields) }, fc.record(fields, lean)));
    }
    case 'array':
      return withNull(fc.array(child(schema.items ?? {}, name), { minLength: 1, maxLength: 3 }));
    case 'integer':
    case 'number':
      return withNull(fc.oneof({ weight: 4, arbitrary: ids }, fc.integer({ min: 0, max: 100_000 })));
    case 'boolean':
      return withNull(fc.boolean());
    case 'string': {
      const named = plausible.byName.find(([re]) => re.test(name))?.[1];
      if (named) return withNull(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...named) }, ids.map(String)));
      return withNull(fc.oneof(fc.constantFrom(...plausible.strings), ids.map(String)));
    }
    default:
      return fc.oneof(fc.constantFrom(...plausible.strings), ids, fc.boolean(), fc.constant(null));
  }
}

/** Every path into a JSON value (the root is []), to pick one to replace. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) for (const [i, v] of value.entries()) pathsOf(v, [...at, i], out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** Text PostgreSQL cannot store: the boundary must refuse it wherever it appears. */
const UNSTORABLE = ['\u0000', '\ud800', '\udfff'] as const;

/**
 * A plausible value with one part of it changed: replaced by a hostile value (a field, an item or the whole), or,
 * for a string, tainted with a NUL or a lone surrogate so that it still passes format checks (URLs, ids, names).
 */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const taint = fc.tuple(fc.constantFrom(...UNSTORABLE), fc.boolean());
  return fc.tuple(base, fc.nat(), hostileValue, fc.option(taint, { freq: 3 })).map(([value, i, hostile, tainted]) => {
    const paths = pathsOf(value);
    const strings = paths.filter((p) => typeof valueAt(value, p) === 'string');
    if (tainted && strings.length > 0) {
      const path = strings[i % strings.length]!;
      const [bad, atEnd] = tainted;
      const text = valueAt(value, path) as string;
      return replaceAt(value, path, atEnd ? `${text}${bad}` : `${bad}${text}`);
    }
    // prefer leaves and fields over the root: the root is one path among many
    return replaceAt(value, paths[(i % (paths.length - 1 || 1)) + (paths.length > 1 ? 1 : 0)]!, hostile);
  });
}

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

/**
 * A request body (from the route's known valid example when there is one): a plausible one (so handlers run), one with a single hostile part (so the hostile value reaches
 * the handler past every other check), one hostile throughout, or of a wrong shape or encoding altogether.
 */
export function bodyFor(schema: JsonSchema | undefined, plausible: Plausible, example?: unknown): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({ kind: 'json', value });
  const raw = (text: string, contentType = 'application/json'): Body => ({ kind: 'raw', text, contentType });
  const generated = schema ? typedValue(schema, plausible, 0, '', false) : fc.constant({});
  // a known valid body, changed in one place, takes a hostile value past every other check into the handler
  const base = example === undefined ? generated : fc.oneof({ weight: 3, arbitrary: fc.constant(example) }, generated);
  return fc.oneof(
    { weight: 3, arbitrary: base.map(json) },
    { weight: 10, arbitrary: mutated(base).map(json) },
    { weight: 2, arbitrary: (schema ? valueFor(schema, plausible) : hostileValue).map(json) },
    { weight: 1, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: fc.constant(json([{}, { id: 1 }])) },
    { weight: 1, arbitrary: fc.constant(json({ a: 'a'.repeat(MB - 100) })) },
    { weight: 1, arbitrary: fc.constant(raw(`"${'x'.repeat(MB + 10)}"`)) },
    { weight: 1, arbitrary: fc.constant(raw(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)) },
    { weight: 1, arbitrary: fc.constant(raw(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        raw('{"a":'),
        raw('{"__proto__":{"x":1}}'),
        raw('{"a":1,"a":2}'),
        raw('\u0000'),
        raw('{"name":"\\u0000"}'),
        raw('{"name":"\\ud800"}'),
        raw('name=x', 'application/x-www-form-urlencoded'),
        raw('x', 'text/plain'),
        raw('{}', 'application/json; charset=latin-7'),
        raw(`--b\r\nContent-Disposition: form-data; name="ids"\r\n\r\n1,2\u0000\r\n--b--\r\n`, MULTIPART),
        raw(`--b\r\nContent-Disposition: form-data; name="type"\r\n\r\nicon\r\n${PNG_PART}--b--\r\n`, MULTIPART),
        raw(`--b\r\nContent-Disposition: form-data; name="domain_id"\r\n\r\n1\r\n--b`, MULTIPART),
        raw('--b\r\nbroken', MULTIPART),
        raw('x', 'multipart/form-data'),
      ),
    },
  );
}

export type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };
