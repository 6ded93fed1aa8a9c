import {
  AUDIENCE_FIELD_NAMES,
  AUDIENCE_FIELDS,
  AUDIENCE_OPERATORS_BY_KIND,
  type AudienceQuery,
  audienceQuerySchema,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluatorIds,
  makeSubscribers,
  openSubscribers,
  orderRange,
  prng,
  randomValue,
  type SubscriberRow,
  sqlIds,
  type TestDb,
} from './audience-test-data.ts';
import { compileAudience, escapeLike } from './compile-audience.ts';

let db: Kysely<TestDb>;
let rows: SubscriberRow[];
let close: () => Promise<void>;
beforeAll(async () => {
  const opened = await openSubscribers(makeSubscribers(200, prng(20240531)));
  ({ db, close } = opened);
  rows = opened.stored;
});
afterAll(() => close());

const q = (filters: unknown[]): AudienceQuery => audienceQuerySchema.parse({ filters });
/** SQL ids, checked against the evaluator, returned for further expectations. */
async function agree(query: AudienceQuery): Promise<number[]> {
  const ids = await sqlIds(db, compileAudience(query));
  expect(ids).toEqual(evaluatorIds(rows, query));
  return ids;
}
const idsWhere = (test: (r: SubscriberRow) => boolean) => rows.filter(test).map((r) => r.id);

describe('compileAudience against real rows', () => {
  it('has data worth testing: NULLs, wildcards, quotes and mixed case', () => {
    expect(rows).toHaveLength(200);
    for (const field of AUDIENCE_FIELD_NAMES.filter((f) => f !== 'id'))
      expect(rows.some((r) => r[field] === null)).toBe(true);
    for (const piece of ['%', '_', '\\', "'", '"'])
      expect(rows.some((r) => r.subscription_url?.includes(piece))).toBe(true);
  });

  it.each(
    AUDIENCE_FIELD_NAMES.flatMap((field) =>
      AUDIENCE_OPERATORS_BY_KIND[AUDIENCE_FIELDS[field]].map((op) => [field, op] as const),
    ),
  )('%s %s selects what the evaluator selects', async (field, operator) => {
    const rand = prng(field.length * 1000 + operator.length);
    let nonTrivial = 0;
    for (let i = 0; i < 12; i++) {
      const count = operator === 'between' ? 2 : operator === 'in' ? 3 : 1;
      const values = Array.from({ length: count }, () => randomValue(rand, rows, field, operator));
      if (operator === 'between') orderRange(values);
      const parsed = audienceQuerySchema.safeParse({ filters: [{ [field]: { operator, values } }] });
      expect(parsed.error).toBeUndefined();
      const ids = await agree(parsed.data as AudienceQuery);
      if (ids.length > 0 && ids.length < rows.length) nonTrivial++;
    }
    expect(nonTrivial).toBeGreaterThan(0);
  });

  it('matches LIKE wildcards and the escape character literally', async () => {
    for (const piece of ['%', '_', '\\', "'", '"', '100%_']) {
      const ids = await agree(q([{ subscription_url: { operator: 'contains', values: [piece] } }]));
      expect(ids).toEqual(idsWhere((r) => r.subscription_url?.includes(piece) === true));
      expect(ids.length).toBeGreaterThan(0);
    }
    const starts = await agree(q([{ subscribable_id: { operator: 'starts with', values: ['a%'] } }]));
    expect(starts).toEqual(idsWhere((r) => r.subscribable_id === 'a%b'));
    expect(escapeLike('100%_\\x')).toBe('100\\%\\_\\\\x');
  });

  it('ignores ASCII case only for contains and starts with', async () => {
    const chrome = await agree(q([{ browser: { operator: 'contains', values: ['hRoM'] } }]));
    expect(chrome).toEqual(idsWhere((r) => ['Chrome', 'chrome', 'CHROME'].includes(r.browser ?? '')));
    const munich = await agree(q([{ location: { operator: 'starts with', values: ['mün'] } }]));
    expect(munich).toEqual(idsWhere((r) => r.location === 'München' || r.location === 'münchen'));
    const exact = await agree(q([{ browser: { values: ['chrome'] } }]));
    expect(exact).toEqual(idsWhere((r) => r.browser === 'chrome'));
  });

  it('lets NULL count as "not equal" and nothing else', async () => {
    const ids = await agree(q([{ device: { operator: '!=', values: ['mobile'] } }]));
    expect(ids).toEqual(idsWhere((r) => r.device !== 'mobile'));
    expect(ids.some((id) => rows[id - 1]?.device === null)).toBe(true);
    const drip = await agree(q([{ last_drip_number: { operator: '!=', values: [3] } }]));
    expect(drip).toEqual(idsWhere((r) => r.last_drip_number !== 3));
    expect(await agree(q([{ device: { operator: 'in', values: ['desktop'] } }]))).toEqual(
      idsWhere((r) => r.device === 'desktop'),
    );
  });

  it('compares dates by UTC day for = and as instants otherwise', async () => {
    const day = rows.find((r) => r.created_at && r.created_at.getUTCHours() > 0)?.created_at as Date;
    const text = day.toISOString().slice(0, 10);
    const sameDay = await agree(q([{ created_at: { values: [text] } }]));
    expect(sameDay).toEqual(idsWhere((r) => r.created_at?.toISOString().slice(0, 10) === text));
    const after = await agree(q([{ created_at: { operator: '>', values: [day.toISOString()] } }]));
    expect(after).toEqual(idsWhere((r) => r.created_at !== null && r.created_at > day));
    await agree(q([{ created_at: { operator: 'between', values: [text, day.toISOString()] } }]));
  });

  it('folds and/or left to right, as the evaluator does', async () => {
    const a = { os: { values: ['Linux'] } };
    const b = { device: { type: 'or', values: ['mobile'] } };
    const c = { browser: { type: 'and', values: ['Safari'] } };
    const ids = await agree(q([a, b, c]));
    expect(ids).toEqual(idsWhere((r) => (r.os === 'Linux' || r.device === 'mobile') && r.browser === 'Safari'));
    const grouped = await agree(q([a, { group: { type: 'or', filters: [{ device: { values: ['mobile'] } }, c] } }]));
    expect(grouped).toEqual(idsWhere((r) => r.os === 'Linux' || (r.device === 'mobile' && r.browser === 'Safari')));
  });

  it('selects everyone for an empty list', async () => {
    expect(await agree(q([]))).toHaveLength(200);
  });

  it('never puts a value into the SQL text', () => {
    const marker = "zz'marker\\%_--";
    const query = q([
      { subscription_url: { operator: 'contains', values: [marker] } },
      { device: { values: [marker] } },
      { os: { operator: 'in', values: [marker, 'b'] } },
      { last_drip_number: { operator: 'between', values: [987654321, 987654329] } },
      { id: { operator: 'in', values: [123456789] } },
      { created_at: { values: ['2031-07-15'] } },
    ]);
    const compiled = db.selectFrom('subscribers').select('id').where(compileAudience(query)).compile();
    for (const value of ['zz', 'marker', '987654321', '123456789', '2031', "'b'"])
      expect(compiled.sql).not.toContain(value);
    expect(compiled.sql).toMatch(/\$8\b/);
    expect(compiled.parameters).toHaveLength(8);
    expect(compiled.parameters).toContain(`%${escapeLike(marker)}%`);
    expect(compiled.parameters).toContain(marker);
  });

  it('qualifies columns with the given alias and refuses a bad one', async () => {
    const where = compileAudience(q([{ os: { values: ['iOS'] } }]), { table: 's' });
    const found = await db.selectFrom('subscribers as s').select('s.id').where(where).orderBy('s.id').execute();
    expect(found.map((r) => r.id)).toEqual(idsWhere((r) => r.os === 'iOS'));
    expect(() => compileAudience(q([]), { table: 's; drop table x' })).toThrow(TypeError);
  });

  it('refuses a hand-made query that the schema would reject', () => {
    const bad = { filters: [{ os: { type: 'and', operator: '>', values: ['x'] } }] } as unknown as AudienceQuery;
    expect(() => compileAudience(bad)).toThrow(/does not apply/);
  });
});
