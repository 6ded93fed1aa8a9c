import { describe, expect, it } from 'vitest';
import {
  type AudienceField,
  type AudienceOperator,
  type AudienceQuery,
  audienceConditionMatches,
  audienceDayRange,
  audienceQuerySchema,
  evaluateAudience,
  AUDIENCE_MSG as M,
  parseAudienceDate,
} from './audience.ts';

const issues = (input: unknown) => {
  const r = audienceQuerySchema.safeParse(input);
  return (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
};
const q = (filters: unknown[]): AudienceQuery => audienceQuerySchema.parse({ filters });
const nest = (depth: number): unknown =>
  depth === 0 ? { os: { values: ['Linux'] } } : { group: { type: 'and', filters: [nest(depth - 1)] } };

describe('audienceQuerySchema', () => {
  it("accepts the spec's shape and fills the defaults", () => {
    const parsed = audienceQuerySchema.parse({
      filters: [
        { device: { type: 'and', operator: '=', buildtype: 'string', values: ['desktop'] } },
        { browser: { values: ['Chrome', 'Edge'], operator: 'in', type: 'or' } },
        { group: { type: 'and', filters: [{ last_drip_number: { operator: 'between', values: [1, 3] } }] } },
        { created_at: { operator: '>', buildtype: 'date', values: ['2024-05-01T10:00:00+02:00'] } },
        { os: { values: ['iOS'], filters: [{ language: { type: 'or', values: ['en'] } }] } },
      ],
    });
    expect(parsed.filters[0]).toEqual({
      device: { type: 'and', operator: '=', buildtype: 'string', values: ['desktop'] },
    });
    expect(parsed.filters[2]).toEqual({
      group: {
        type: 'and',
        filters: [{ last_drip_number: { type: 'and', operator: 'between', values: [1, 3] } }],
      },
    });
    expect(parsed.filters[4]).toEqual({
      os: {
        type: 'and',
        operator: '=',
        values: ['iOS'],
        filters: [{ language: { type: 'or', operator: '=', values: ['en'] } }],
      },
    });
    expect(audienceQuerySchema.parse({ filters: [] })).toEqual({ filters: [] });
    expect(issues({ filters: [nest(4)] })).toEqual([]);
  });

  it.each([
    [[{ foo: { values: ['x'] } }], 'filters.0.foo', M.unknownField('foo')],
    [[{ __proto__x: { values: ['x'] } }], 'filters.0.__proto__x', M.unknownField('__proto__x')],
    [
      [{ last_drip_number: { operator: 'contains', values: [1] } }],
      'filters.0.last_drip_number.operator',
      'Operator "contains" does not apply to last_drip_number.',
    ],
    [
      [{ created_at: { operator: '!=', values: ['2024-01-01'] } }],
      'filters.0.created_at.operator',
      M.operatorNotApplicable('!=', 'created_at'),
    ],
    [
      [{ device: { operator: '>', values: ['a'] } }],
      'filters.0.device.operator',
      M.operatorNotApplicable('>', 'device'),
    ],
    [[{ device: { operator: 'like', values: ['a'] } }], 'filters.0.device.operator', M.unknownOperator('like')],
    [[{ id: { operator: 'between', values: [1] } }], 'filters.0.id.values', 'between needs two values.'],
    [[{ id: { operator: 'between', values: [5, 1] } }], 'filters.0.id.values', M.betweenOrder],
    [
      [{ created_at: { operator: 'between', values: ['2024-02-01', '2024-01-01'] } }],
      'filters.0.created_at.values',
      M.betweenOrder,
    ],
    [[{ id: { operator: 'in', values: [] } }], 'filters.0.id.values', M.inCount],
    [[{ id: { operator: 'in', values: Array.from({ length: 501 }, (_, i) => i) } }], 'filters.0.id.values', M.inCount],
    [[{ os: { values: ['a', 'b'] } }], 'filters.0.os.values', M.oneValue('=')],
    [[{ os: { operator: 'contains', values: [] } }], 'filters.0.os.values', M.oneValue('contains')],
    [[{ os: { values: 'Linux' } }], 'filters.0.os.values', M.valuesList],
    [[{ os: {} }], 'filters.0.os.values', M.valuesList],
    [[{ os: { values: [3] } }], 'filters.0.os.values.0', M.text('os')],
    [[{ os: { values: ['x'.repeat(1001)] } }], 'filters.0.os.values.0', M.textMax],
    [[{ os: { values: ['a\u0000b'] } }], 'filters.0.os.values.0', M.textInvalid],
    [[{ os: { values: ['\ud800'] } }], 'filters.0.os.values.0', M.textInvalid],
    [[{ id: { values: ['3'] } }], 'filters.0.id.values.0', M.wholeNumber('id')],
    [[{ id: { values: [1.5] } }], 'filters.0.id.values.0', M.wholeNumber('id')],
    [[{ created_at: { values: ['2024-02-30'] } }], 'filters.0.created_at.values.0', M.date('created_at')],
    [[{ created_at: { values: [1714521600000] } }], 'filters.0.created_at.values.0', M.date('created_at')],
    [[{ os: { buildtype: 'number', values: ['x'] } }], 'filters.0.os.buildtype', M.buildtype('os', 'string')],
    [[{ os: { type: 'xor', values: ['x'] } }], 'filters.0.os.type', M.joinType],
    [[{ os: { values: ['x'], operater: '=' } }], 'filters.0.os.operater', M.unknownKey('operater')],
    [[{ os: 'Linux' }], 'filters.0.os', M.bodyShape('os')],
    [[{ os: { values: ['x'] }, device: { values: ['y'] } }], 'filters.0', M.itemShape],
    [[{}], 'filters.0', M.itemShape],
    [[null], 'filters.0', M.itemShape],
    [[['os']], 'filters.0', M.itemShape],
    [[{ group: { filters: [] } }], 'filters.0.group.filters', M.groupEmpty],
    [[{ group: { type: 'and' } }], 'filters.0.group.filters', M.filtersList],
    [[{ group: { filters: [{ os: { values: [1] } }] } }], 'filters.0.group.filters.0.os.values.0', M.text('os')],
    [[nest(5)], 'filters', M.tooDeep],
    [Array.from({ length: 51 }, () => ({ os: { values: ['x'] } })), 'filters', M.filtersMax],
    [
      Array.from({ length: 5 }, () => ({ group: { filters: Array.from({ length: 41 }, () => nest(0)) } })),
      'filters',
      M.tooMany,
    ],
  ])('rejects %j', (filters, path, message) => {
    expect(issues({ filters })).toContainEqual([path, message]);
  });

  it('rejects a missing or non-list filters', () => {
    expect(issues({})).toEqual([['filters', M.filtersList]]);
    expect(issues({ filters: 'os=Linux' })).toEqual([['filters', M.filtersList]]);
    expect(audienceQuerySchema.safeParse(null).success).toBe(false);
  });
});

describe('parseAudienceDate', () => {
  it('reads dates and datetimes as UTC instants', () => {
    expect(parseAudienceDate('2024-05-31')).toBe(Date.UTC(2024, 4, 31));
    expect(parseAudienceDate('2024-05-31T12:30')).toBe(Date.UTC(2024, 4, 31, 12, 30));
    expect(parseAudienceDate('2024-05-31T12:30:15.25Z')).toBe(Date.UTC(2024, 4, 31, 12, 30, 15, 250));
    expect(parseAudienceDate('2024-05-31T01:00:00+02:00')).toBe(Date.UTC(2024, 4, 30, 23));
    expect(parseAudienceDate('2024-05-31 01:00:00-0130')).toBe(Date.UTC(2024, 4, 31, 2, 30));
    for (const bad of [
      '2024-5-31',
      '2023-02-29',
      '2024-05-31T24:00',
      '2024-05-31T10:60',
      '0999-01-01',
      '9999-01-01',
      'x',
    ])
      expect(parseAudienceDate(bad)).toBeUndefined();
    expect(audienceDayRange(Date.UTC(2024, 4, 31, 23, 59))).toEqual([Date.UTC(2024, 4, 31), Date.UTC(2024, 5, 1)]);
  });
});

const match = (field: AudienceField, operator: AudienceOperator, values: (string | number)[], value: unknown) =>
  audienceConditionMatches(field, { type: 'and', operator, values }, value);

describe('audienceConditionMatches', () => {
  it.each([
    ['=', ['Chrome'], 'Chrome', true],
    ['=', ['Chrome'], 'chrome', false],
    ['!=', ['Chrome'], 'chrome', true],
    ['!=', ['Chrome'], 'Chrome', false],
    ['contains', ['ROM'], 'Chrome', true],
    ['contains', ['rome '], 'Chrome', false],
    ['contains', ['%'], '100% off', true],
    ['contains', ['%'], '100 off', false],
    ['contains', ['_'], 'a_b', true],
    ['contains', ['_'], 'ab', false],
    ['contains', ['ü'], 'MÜNCHEN', false],
    ['contains', ['Ü'], 'MÜNCHEN', true],
    ['starts with', ['CHR'], 'Chrome', true],
    ['starts with', ['hrome'], 'Chrome', false],
    ['in', ['Edge', 'Chrome'], 'Chrome', true],
    ['in', ['Edge', 'chrome'], 'Chrome', false],
  ] as const)('text %s %j on %j is %s', (op, values, value, expected) => {
    expect(match('browser', op, [...values], value)).toBe(expected);
  });

  it.each([
    ['=', [3], 3, true],
    ['=', [3], 4, false],
    ['!=', [3], 4, true],
    ['!=', [3], 3, false],
    ['>', [3], 4, true],
    ['>', [3], 3, false],
    ['<', [3], 2, true],
    ['<', [3], 3, false],
    ['between', [2, 4], 2, true],
    ['between', [2, 4], 4, true],
    ['between', [2, 4], 5, false],
    ['in', [1, 5], 5, true],
    ['in', [1, 5], 4, false],
  ] as const)('number %s %j on %j is %s', (op, values, value, expected) => {
    expect(match('last_drip_number', op, [...values], value)).toBe(expected);
  });

  it.each([
    ['=', ['2024-05-31'], '2024-05-31T00:00:00.000Z', true],
    ['=', ['2024-05-31'], '2024-05-31T23:59:59.999Z', true],
    ['=', ['2024-05-31'], '2024-06-01T00:00:00.000Z', false],
    ['=', ['2024-05-31'], '2024-05-30T23:59:59.999Z', false],
    ['=', ['2024-06-01T01:00:00+02:00'], '2024-05-31T12:00:00Z', true],
    ['>', ['2024-05-31'], '2024-05-31T00:00:00.001Z', true],
    ['>', ['2024-05-31'], '2024-05-31T00:00:00.000Z', false],
    ['<', ['2024-05-31T12:00:00Z'], '2024-05-31T11:59:59Z', true],
    ['<', ['2024-05-31T12:00:00Z'], '2024-05-31T12:00:00Z', false],
    ['between', ['2024-05-01', '2024-05-31'], '2024-05-31T00:00:00Z', true],
    ['between', ['2024-05-01', '2024-05-31'], '2024-05-31T00:00:01Z', false],
    ['between', ['2024-05-01', '2024-05-31'], '2024-05-01T00:00:00Z', true],
  ] as const)('date %s %j on %s is %s', (op, values, at, expected) => {
    expect(match('created_at', op, [...values], new Date(at))).toBe(expected);
    expect(match('created_at', op, [...values], at)).toBe(expected);
  });

  it('lets NULL match only !=', () => {
    for (const value of [null, undefined]) {
      expect(match('browser', '!=', ['x'], value)).toBe(true);
      expect(match('id', '!=', [1], value)).toBe(true);
      for (const op of ['=', 'contains', 'starts with', 'in'] as const)
        expect(match('browser', op, [''], value)).toBe(false);
      for (const op of ['=', '>', '<', 'in'] as const) expect(match('id', op, [0], value)).toBe(false);
      expect(match('id', 'between', [-1, 1], value)).toBe(false);
      for (const op of ['=', '>', '<'] as const) expect(match('created_at', op, ['2024-01-01'], value)).toBe(false);
    }
  });
});

describe('evaluateAudience', () => {
  const row = { browser: 'Chrome', os: 'Linux', device: 'desktop', last_drip_number: 2 };
  const T = { browser: { values: ['Chrome'] } };
  const F = { os: { values: ['Windows'] } };
  const or = (item: Record<string, { values: string[] }>) =>
    Object.fromEntries(Object.entries(item).map(([k, v]) => [k, { ...v, type: 'or' }]));

  it('is true for an empty list', () => {
    expect(evaluateAudience(q([]), {})).toBe(true);
  });

  it('folds left to right with no AND-over-OR precedence', () => {
    // T OR F AND F: left fold ((T OR F) AND F) = false; SQL-style precedence would say true.
    expect(evaluateAudience(q([T, or(F), F]), row)).toBe(false);
    // F AND F OR T: ((F AND F) OR T) = true.
    expect(evaluateAudience(q([F, F, or(T)]), row)).toBe(true);
    // F AND T: false; F OR T: true.
    expect(evaluateAudience(q([F, T]), row)).toBe(false);
    expect(evaluateAudience(q([F, or(T)]), row)).toBe(true);
  });

  it("ignores the first item's type", () => {
    expect(evaluateAudience(q([or(F)]), row)).toBe(false);
    expect(evaluateAudience(q([or(T)]), row)).toBe(true);
  });

  it('evaluates a group as one unit', () => {
    // T OR (F AND F) = true, unlike the flat T OR F AND F.
    expect(evaluateAudience(q([T, { group: { type: 'or', filters: [F, F] } }]), row)).toBe(true);
    expect(evaluateAudience(q([F, { group: { type: 'and', filters: [T, or(F)] } }]), row)).toBe(false);
  });

  it("folds a condition's own filters after it, as one unit", () => {
    // T OR (F + [AND F]) = T OR (F AND F) = true
    const unit = { os: { type: 'or', values: ['Windows'], filters: [F] } };
    expect(evaluateAudience(q([T, unit]), row)).toBe(true);
    // F AND (T + [OR F]) = false
    expect(evaluateAudience(q([F, { browser: { values: ['Chrome'], filters: [or(F)] } }]), row)).toBe(false);
    // (T + [AND F]) = false
    expect(evaluateAudience(q([{ browser: { values: ['Chrome'], filters: [F] } }]), row)).toBe(false);
  });

  it('reads the fields a subscriber row holds', () => {
    const query = q([
      { last_drip_number: { operator: '>', values: [1] } },
      { device: { operator: 'starts with', values: ['DESK'] } },
    ]);
    expect(evaluateAudience(query, row)).toBe(true);
    expect(evaluateAudience(query, { ...row, last_drip_number: null })).toBe(false);
    expect(evaluateAudience(query, { ...row, device: 'mobile' })).toBe(false);
  });
});
