/**
 * Hostile URL parts for the route fuzz test: path params and query strings encoded as a client could encode them,
 * including lone surrogates as WTF-8 bytes and undecodable percent escapes.
 */
import fc from 'fast-check';
import { hostileString, hostileValue, type JsonSchema, type Plausible, typedValue } from './hostile-input.ts';

/** Percent-encodes a string as a client would, lone surrogates as their WTF-8 bytes (not valid UTF-8). */
export function percentEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      for (const b of [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)])
        out += `%${b.toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A path parameter as it goes into the URL (already encoded); some ids exist, most forms should not resolve. */
export function pathParam(plausible: Plausible): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...plausible.ids).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('null', '0', '1', '2') },
    { weight: 4, arbitrary: hostileString.filter((s) => s.length < 1000 && s !== '').map(percentEncode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0x2',
        '2e0',
        '%202',
        '+2',
        '02',
        '2.0',
        '2%00',
        '2147483648',
        '99999999999999999999',
        '-1',
        '%FF',
        '%C0%80',
        '%',
        '%zz',
        '..',
        '%2E%2E',
        'a%2Fb',
        '2;drop',
      ),
    },
  );
}

/** Query parameters of list and statistics calls, and plain garbage. */
const LIST_PARAMS: readonly [string, string][] = [
  ['order_by', 'x;drop'],
  ['order_by', 'id:sideways'],
  ['order_by', 'id:desc'],
  ['order_by', 'created_at'],
  ['where[unknown]', '1'],
  ['where[id]', 'abc'],
  ['where[id]', '99999999999999999999'],
  ['where[id][]', '1'],
  ['where[id][]', '\u0000'],
  ['where[url]', '%'],
  ['where[name][like]', '\u0000'],
  ['whereRelation[x][y]', '1'],
  ['whereRelation[domain_tags][id]', '1e9'],
  ['with[domain_tags]', '*'],
  ['with[unknown]', '*'],
  ['select', 'id,url'],
  ['select', 'a;b'],
  ['select', ''],
  ['paginate', 'true'],
  ['paginate', 'maybe'],
  ['page', '-1'],
  ['page', '0'],
  ['page', '1e9'],
  ['page', 'NaN'],
  ['pageLength', '1e9'],
  ['pageLength', '0'],
  ['pageLength', '-5'],
  ['pageLength', '100000000000000000000'],
  ['limit', '-1'],
  ['limit', '1e9'],
  ['offset', '1e20'],
  ['offset', '-1'],
  ['search', '\u0000'],
  ['search', '%_\\'],
  ['search', '\ud800'],
  ['group_by', 'x;drop'],
  ['date_start', '2026-13-45'],
  ['date_start', '-271821-04-19'],
  ['date_finish', '9999-12-31 25:61'],
  ['date_trunc', 'century'],
  ['timezone', 'Mars/Olympus'],
  ['timezone', '\u0000'],
  ['domain_ids', '1,x'],
  ['domain_ids[]', '99999999999999999999'],
  ['type', 'welcome'],
  ['type', '\u0000'],
  ['\u0000', '1'],
  ['__proto__', '1'],
  ['constructor[prototype]', '1'],
];

const PLAIN_LIST_PARAMS: readonly [string, string][] = [
  ['paginate', 'true'],
  ['page', '2'],
  ['pageLength', '10'],
  ['order_by', 'id:desc'],
  ['search', 'acme'],
];

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * A query string (without `?`): the route's declared parameters with plausible values, one of them sometimes
 * hostile, plus list parameters (plain and hostile) and sometimes undecodable garbage.
 */
export function queryFor(
  declared: readonly { name: string; schema: JsonSchema; required?: boolean }[],
  plausible: Plausible,
) {
  const params = declared.filter((p) => p.name !== 'additionalProperties');
  const declaredPairs = params.map((p) => {
    const pair = typedValue(p.schema, plausible, 0, p.name, false).map((v): [string, string] => [p.name, asText(v)]);
    return fc.option(pair, { nil: undefined, freq: p.required ? 20 : 4 });
  });
  const hostileDeclared =
    params.length === 0
      ? fc.constant([])
      : fc.option(
          fc.tuple(fc.constantFrom(...params.map((p) => p.name)), hostileValue.map(asText)).map((pair) => [pair]),
          { nil: [], freq: 2 },
        );
  const extra = fc.array(fc.oneof(fc.constantFrom(...PLAIN_LIST_PARAMS), fc.constantFrom(...LIST_PARAMS)), {
    maxLength: 3,
  });
  const rawTail = fc.constantFrom('', '', '', '', '', '&%=1', '&a=%FF', '&b=%zz&b=%', '&&&=&', '&a[=1', '&a]]]=1');
  return fc.tuple(fc.tuple(...declaredPairs), hostileDeclared, extra, rawTail).map(([pairs, hostile, more, tail]) => {
    const hostileNames = new Set(hostile.map(([k]) => k));
    const all = [
      ...pairs.filter((p): p is [string, string] => p !== undefined && !hostileNames.has(p[0])),
      ...hostile,
      ...more,
    ];
    const encodeKey = (k: string) => percentEncode(k).replace(/%5B/g, '[').replace(/%5D/g, ']');
    return all.map(([k, v]) => `${encodeKey(k)}=${percentEncode(v)}`).join('&') + tail;
  });
}
