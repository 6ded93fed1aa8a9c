import {
  AUDIENCE_FIELD_NAMES,
  AUDIENCE_FIELDS,
  AUDIENCE_OPERATORS,
  AUDIENCE_OPERATORS_BY_KIND,
  type AudienceField,
  audienceQuerySchema,
  AUDIENCE_MSG as M,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluatorIds,
  int,
  makeSubscribers,
  openSubscribers,
  pick,
  prng,
  type Rand,
  randomCondition,
  randomList,
  type SubscriberRow,
  sqlIds,
  type TestDb,
} from './audience-test-data.ts';
import { compileAudience } from './compile-audience.ts';

let db: Kysely<TestDb>;
let rows: SubscriberRow[];
let close: () => Promise<void>;
beforeAll(async () => {
  const opened = await openSubscribers(makeSubscribers(200, prng(7)));
  ({ db, close } = opened);
  rows = opened.stored;
});
afterAll(() => close());

type List = unknown[];
/** Every list of a generated tree with its depth (0 = top level). */
function listsOf(list: List, depth = 0, out: [List, number][] = []): [List, number][] {
  out.push([list, depth]);
  for (const item of list)
    for (const body of Object.values(item as Record<string, { filters?: List }>))
      if (Array.isArray(body.filters)) listsOf(body.filters, depth + 1, out);
  return out;
}
const nest = (levels: number): unknown =>
  levels === 0 ? { os: { values: ['Linux'] } } : { group: { filters: [nest(levels - 1)] } };
const okValue = (field: AudienceField) => ({ number: 1, string: 'x', date: '2024-01-01' })[AUDIENCE_FIELDS[field]];
const cond = (field: AudienceField, body: Record<string, unknown>) => ({
  [field]: { values: [okValue(field)], ...body },
});

/** One way to break a query: the items to insert into a list at `depth`, and the message that must come back. */
const MUTATIONS: ((rand: Rand, depth: number) => { items: unknown[]; message: string })[] = [
  (rand) => {
    const name = pick(rand, ['foo', '__proto__', 'constructor', 'toString', 'Device', 'group2', '', 'ip']);
    return { items: [Object.fromEntries([[name, { values: ['x'] }]])], message: M.unknownField(name) };
  },
  (rand) => {
    const field = pick(rand, AUDIENCE_FIELD_NAMES);
    const allowed = AUDIENCE_OPERATORS_BY_KIND[AUDIENCE_FIELDS[field]];
    const operator = pick(
      rand,
      AUDIENCE_OPERATORS.filter((op) => !allowed.includes(op)),
    );
    return { items: [cond(field, { operator })], message: M.operatorNotApplicable(operator, field) };
  },
  (rand) => {
    const operator = pick(rand, ['like', '==', 'IN', '', 'Contains', 'not in']);
    return { items: [cond(pick(rand, AUDIENCE_FIELD_NAMES), { operator })], message: M.unknownOperator(operator) };
  },
  (rand) => {
    const field = pick(rand, AUDIENCE_FIELD_NAMES);
    const operator = pick(rand, AUDIENCE_OPERATORS_BY_KIND[AUDIENCE_FIELDS[field]]);
    const count =
      operator === 'between'
        ? pick(rand, [0, 1, 3])
        : operator === 'in'
          ? pick(rand, [0, 501, 100_000])
          : pick(rand, [0, 2, 3]);
    const values = Array.from({ length: count }, () => okValue(field));
    const message = operator === 'between' ? M.betweenCount : operator === 'in' ? M.inCount : M.oneValue(operator);
    return { items: [cond(field, { operator, values })], message };
  },
  (rand) => {
    const field = pick(rand, AUDIENCE_FIELD_NAMES);
    const kind = AUDIENCE_FIELDS[field];
    const wrong = {
      number: ['3', 1.5, true, null, {}, [], Number.NaN, 2 ** 60],
      string: [5, true, null, {}, [], 'x'.repeat(1001), 'nul\u0000'],
      date: ['yesterday', '2024-13-01', 1714521600000, null, '2024-02-30T10:00Z', '2024-01-01T25:00'],
    }[kind];
    const value = pick(rand, wrong);
    const message =
      kind === 'number'
        ? M.wholeNumber(field)
        : kind === 'date'
          ? M.date(field)
          : typeof value !== 'string'
            ? M.text(field)
            : value.length > 1000
              ? M.textMax
              : M.textInvalid;
    return { items: [cond(field, { values: [value] })], message };
  },
  (rand) =>
    rand() < 0.5
      ? { items: [cond('last_drip_number', { operator: 'between', values: [9, 2] })], message: M.betweenOrder }
      : {
          items: [cond('updated_at', { operator: 'between', values: ['2024-02-01', '2024-01-31T23:00Z'] })],
          message: M.betweenOrder,
        },
  (rand) => ({ items: [{ os: { values: pick(rand, ['Linux', {}, 5, null]) } }], message: M.valuesList }),
  (rand) => ({ items: [cond('os', { type: pick(rand, ['xor', 'AND', 1, null]) })], message: M.joinType }),
  (rand) => ({
    items: [cond('id', { buildtype: pick(rand, ['string', 'date', 'bool']) })],
    message: M.buildtype('id', 'number'),
  }),
  (rand) => {
    const key = pick(rand, ['operater', 'value', 'field', 'group']);
    return { items: [cond('device', { [key]: 1 })], message: M.unknownKey(key) };
  },
  (rand) => ({
    items: [pick(rand, ['x', 5, null, [], {}, true, { os: { values: ['a'] }, device: { values: ['b'] } }])],
    message: M.itemShape,
  }),
  (rand) => ({ items: [{ os: pick(rand, ['Linux', null, [], 3]) }], message: M.bodyShape('os') }),
  () => ({ items: [{ group: { type: 'or', filters: [] } }], message: M.groupEmpty }),
  (rand) => ({ items: [{ group: { filters: pick(rand, ['x', {}, null]) } }], message: M.filtersList }),
  (_rand, depth) => ({ items: [nest(5 - depth)], message: M.tooDeep }),
  () => ({ items: Array.from({ length: 51 }, () => nest(0)), message: M.filtersMax }),
  () => ({
    items: Array.from({ length: 5 }, () => ({ group: { filters: Array(41).fill(nest(0)) } })),
    message: M.tooMany,
  }),
];

describe('audience fuzz', () => {
  it('agrees with the evaluator on 300 random valid trees', async () => {
    const rand = prng(424242);
    let nonTrivial = 0;
    let deep = 0;
    for (let i = 0; i < 300; i++) {
      const filters = randomList(rand, rows);
      const parsed = audienceQuerySchema.safeParse({ filters });
      expect(parsed.error?.issues, JSON.stringify(filters)).toBeUndefined();
      if (!parsed.success) continue;
      const ids = await sqlIds(db, compileAudience(parsed.data));
      expect(ids, JSON.stringify(filters)).toEqual(evaluatorIds(rows, parsed.data));
      if (ids.length > 0 && ids.length < rows.length) nonTrivial++;
      if (listsOf(filters).some(([, depth]) => depth >= 2)) deep++;
    }
    expect(nonTrivial).toBeGreaterThan(150);
    expect(deep).toBeGreaterThan(30);
  });

  it('rejects 100 random invalid trees with the right message, never throwing', () => {
    const rand = prng(99);
    for (let i = 0; i < 100; i++) {
      const filters = randomList(rand, rows);
      const lists = listsOf(filters).filter(([, depth]) => depth <= 3);
      const [list, depth] = pick(rand, lists);
      const mutation = MUTATIONS[i % MUTATIONS.length];
      if (!mutation) throw new Error('no mutation');
      const { items, message } = mutation(rand, depth);
      list.splice(int(rand, 0, list.length), 0, ...items);
      const parsed = audienceQuerySchema.safeParse({ filters });
      expect(parsed.success, JSON.stringify(filters).slice(0, 500)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
    }
  });

  it('survives random garbage: an error or a query that still compiles', async () => {
    const rand = prng(5);
    const garbage = (level: number): unknown => {
      const r = rand();
      if (level > 6 || r < 0.3)
        return pick(rand, [null, true, 0, -1, 1.5, '', 'x', 'and', '=', 'in', '2024-01-01', 'os']);
      if (r < 0.55) return Array.from({ length: int(rand, 0, 4) }, () => garbage(level + 1));
      const keys = ['filters', 'group', 'type', 'operator', 'values', 'buildtype', 'os', 'id', 'created_at', 'foo'];
      return Object.fromEntries(Array.from({ length: int(rand, 0, 3) }, () => [pick(rand, keys), garbage(level + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const input = rand() < 0.5 ? { filters: garbage(0) } : { filters: [randomCondition(rand, rows), garbage(1)] };
      const parsed = audienceQuerySchema.safeParse(input);
      if (!parsed.success) expect(parsed.error.issues.length).toBeGreaterThan(0);
      else expect(await sqlIds(db, compileAudience(parsed.data))).toEqual(evaluatorIds(rows, parsed.data));
    }
  });
});
