import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import type { ListQuerySpec } from './list-query-types.ts';
import { parseListQuery } from './parse-list-query.ts';

const spec: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    domain_id: { type: 'int', column: 'website_id' },
    type: { type: 'string' },
    is_active: { type: 'bool' },
    day: { type: 'date' },
    created_at: { type: 'timestamp' },
    secret: { type: 'string', filterable: false, sortable: false, selectable: false },
  },
  relations: { domain_tags: [], schedules: ['type', 'time'], 'schedules.audiences': { segment_id: { type: 'int' } } },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxLimit: 500,
  maxPageLength: 50,
  extraParams: ['count', 'tags[]'],
  groupable: ['domain_id'],
};

/** The 422's `errors`, or fails the test when parsing succeeds. */
function errorsOf(raw: Record<string, unknown>): Record<string, string[]> {
  try {
    parseListQuery(raw, spec);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).statusCode).toBe(422);
    return (e as ValidationError).errors ?? {};
  }
  throw new Error('expected a 422');
}

describe('parseListQuery', () => {
  it('returns defaults for an empty query', () => {
    expect(parseListQuery({}, spec)).toEqual({
      where: [],
      whereRelation: [],
      with: [],
      orderBy: [{ field: 'id', column: 'id', dir: 'desc' }],
      extra: {},
    });
  });

  it('parses where equality, null, IN lists and typed values', () => {
    const q = parseListQuery(
      {
        'where[domain_id]': '5',
        'where[type]': 'null',
        'where[id][]': ['1', '2'],
        'where[is_active]': 'false',
        'where[day]': '2024-02-29',
        'where[created_at]': '2024-01-02 03:04:05',
      },
      spec,
    );
    expect(q.where).toEqual([
      { field: 'domain_id', column: 'website_id', type: 'int', op: '=', value: 5 },
      { field: 'type', column: 'type', type: 'string', op: 'is null', value: null },
      { field: 'id', column: 'id', type: 'int', op: 'in', value: [1, 2] },
      { field: 'is_active', column: 'is_active', type: 'bool', op: '=', value: false },
      { field: 'day', column: 'day', type: 'date', op: '=', value: '2024-02-29' },
      { field: 'created_at', column: 'created_at', type: 'timestamp', op: '=', value: '2024-01-02 03:04:05' },
    ]);
    expect(parseListQuery({ 'where[id][]': '7' }, spec).where[0]).toMatchObject({ op: 'in', value: [7] });
  });

  it('reads qs-style nested objects like flat keys', () => {
    const q = parseListQuery({ where: { id: ['1', '2'], type: 'api' }, with: { domain_tags: '*' } }, spec);
    expect(q.where.map((w) => [w.field, w.op, w.value])).toEqual([
      ['id', 'in', [1, 2]],
      ['type', '=', 'api'],
    ]);
    expect(q.with).toEqual(['domain_tags']);
  });

  it('parses whereRelation against declared relations and fields', () => {
    const q = parseListQuery(
      { 'whereRelation[schedules][type]': 'daily', 'whereRelation[schedules.audiences][segment_id][]': ['3', '4'] },
      spec,
    );
    expect(q.whereRelation).toEqual([
      { relation: 'schedules', field: 'type', column: 'type', type: 'string', op: '=', value: 'daily' },
      {
        relation: 'schedules.audiences',
        field: 'segment_id',
        column: 'segment_id',
        type: 'int',
        op: 'in',
        value: [3, 4],
      },
    ]);
  });

  it('parses with, order_by, select, group_by, search, limit/offset and extras', () => {
    const q = parseListQuery(
      {
        'with[schedules.audiences]': '*',
        'with[domain_tags]': '*',
        order_by: 'created_at:DESC, type',
        select: 'id,domain_id,type',
        group_by: 'domain_id',
        search: '  hello  ',
        limit: '500',
        offset: '1000',
        count: 'true',
        'tags[]': ['a', 'b'],
      },
      spec,
    );
    expect(q.with).toEqual(['schedules.audiences', 'domain_tags']);
    expect(q.orderBy).toEqual([
      { field: 'created_at', column: 'created_at', dir: 'desc' },
      { field: 'type', column: 'type', dir: 'asc' },
    ]);
    expect(q.select).toEqual([
      { field: 'id', column: 'id' },
      { field: 'domain_id', column: 'website_id' },
      { field: 'type', column: 'type' },
    ]);
    expect(q.groupBy).toEqual({ field: 'domain_id', column: 'website_id' });
    expect(q.search).toBe('hello');
    expect([q.limit, q.offset]).toEqual([500, 1000]);
    expect(q.extra).toEqual({ count: 'true', 'tags[]': ['a', 'b'] });
  });

  it('parses pagination with defaults, and ignores page params without paginate=true', () => {
    expect(parseListQuery({ paginate: 'true', pageLength: '25', page: '3' }, spec).pagination).toEqual({
      page: 3,
      pageLength: 25,
    });
    expect(parseListQuery({ paginate: '1' }, spec).pagination).toEqual({ page: 1, pageLength: 10 });
    expect(parseListQuery({ paginate: 'false', page: '2' }, spec).pagination).toBeUndefined();
    const blank = parseListQuery({ search: '   ', order_by: '', limit: '' }, spec);
    expect([blank.search, blank.limit, blank.orderBy[0]?.field]).toEqual([undefined, undefined, 'id']);
  });

  it.each([
    [{ 'where[foo]': '1' }, 'where[foo]', 'Unknown field foo.'],
    [{ 'where[secret]': '1' }, 'where[secret]', 'Unknown field secret.'],
    [{ 'where[id]': 'abc' }, 'where[id]', 'where[id] must be an integer.'],
    [{ 'where[id]': '1.5' }, 'where[id]', 'where[id] must be an integer.'],
    [{ 'where[id][]': ['1', 'x'] }, 'where[id][]', 'where[id][] must be an integer.'],
    [{ 'where[id]': ['1', '2'] }, 'where[id]', 'where[id] must be a single value.'],
    [{ 'where[is_active]': 'yes' }, 'where[is_active]', 'where[is_active] must be true, false, 1 or 0.'],
    [{ 'where[day]': '2023-02-29' }, 'where[day]', 'where[day] must be a date (YYYY-MM-DD).'],
    [{ 'where[created_at]': '2024-01-01 25:00' }, 'where[created_at]', expect.stringContaining('date-time')],
    [{ 'where[type]': 'a\u0000b' }, 'where[type]', 'where[type] contains an invalid character.'],
    [{ 'whereRelation[nope][type]': 'x' }, 'whereRelation[nope][type]', 'Unknown relation nope.'],
    [{ 'whereRelation[schedules][foo]': 'x' }, 'whereRelation[schedules][foo]', 'Unknown field foo.'],
    [{ 'with[nope]': '*' }, 'with[nope]', 'Unknown relation nope.'],
    [{ 'with[domain_tags]': 'id' }, 'with[domain_tags]', 'with[domain_tags] only accepts *.'],
    [{ order_by: 'foo:asc' }, 'order_by', 'Unknown sort field foo.'],
    [{ order_by: 'secret' }, 'order_by', 'Unknown sort field secret.'],
    [{ order_by: 'id:sideways' }, 'order_by', 'Sort direction must be asc or desc, got id:sideways.'],
    [{ order_by: 'id:asc:x' }, 'order_by', expect.stringContaining('asc or desc')],
    [{ select: 'id,foo' }, 'select', 'Unknown field foo.'],
    [{ select: 'secret' }, 'select', 'Unknown field secret.'],
    [{ group_by: 'type' }, 'group_by', 'Unknown group field type.'],
    [{ limit: '501' }, 'limit', 'limit may not be greater than 500.'],
    [{ limit: '-1' }, 'limit', 'limit must be an integer.'],
    [{ offset: 'x' }, 'offset', 'offset must be an integer.'],
    [{ limit: ['1', '2'] }, 'limit', 'limit must be a single value.'],
    [{ paginate: 'maybe' }, 'paginate', 'paginate must be true, false, 1 or 0.'],
    [{ paginate: 'true', page: '0' }, 'page', 'page must be at least 1.'],
    [{ paginate: 'true', pageLength: '51' }, 'pageLength', 'pageLength may not be greater than 50.'],
    [{ search: 'x'.repeat(256) }, 'search', expect.stringContaining('longer than')],
    [{ foo: 'bar' }, 'foo', 'Unknown parameter foo.'],
    [{ 'tags[x]': 'a' }, 'tags[x]', 'Unknown parameter tags[x].'],
    [{ 'where[a][b]': '1' }, 'where[a][b]', 'Unknown parameter where[a][b].'],
    [{ 'limit[]': '1' }, 'limit[]', 'Unknown parameter limit[].'],
  ])('rejects %j with a 422 on its parameter', (raw, key, message) => {
    expect(errorsOf(raw)).toEqual({ [key]: [message] });
  });

  it('reports every bad parameter at once, and never trusts inherited keys', () => {
    const errors = errorsOf({ 'where[constructor]': '1', 'where[__proto__]': '1', order_by: 'toString', limit: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['limit', 'order_by', 'where[__proto__]', 'where[constructor]']);
  });
});
