import { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Generated,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyListQuery, applySelect, runPaginated, selectedColumns } from './apply-list-query.ts';
import type { ListQuerySpec } from './list-query-types.ts';
import { parseListQuery } from './parse-list-query.ts';

/** The smallest Kysely dialect over in-memory PGlite: one connection, statements run in order. */
function pgliteDialect(pg: PGlite): Dialect {
  const connection: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      const r = await pg.query<R>(q.sql, [...q.parameters]);
      return { rows: r.rows, numAffectedRows: r.affectedRows === undefined ? undefined : BigInt(r.affectedRows) };
    },
    streamQuery() {
      throw new Error('streaming is not supported');
    },
  };
  const run = async (text: string) => void (await connection.executeQuery(CompiledQuery.raw(text)));
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: () => run('begin'),
    commitTransaction: () => run('commit'),
    rollbackTransaction: () => run('rollback'),
    releaseConnection: async () => {},
    destroy: () => pg.close(),
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

interface DB {
  items: {
    id: Generated<number>;
    website_id: number;
    title: string;
    is_active: boolean;
    note: string | null;
    created_at: string;
  };
}

const spec: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    domain_id: { type: 'int', column: 'website_id' },
    title: { type: 'string' },
    is_active: { type: 'bool' },
    note: { type: 'string' },
    created_at: { type: 'timestamp' },
  },
  defaultOrder: [{ field: 'id', dir: 'asc' }],
};

let db: Kysely<DB>;
const base = () => db.selectFrom('items').select(['items.id']);
const ids = async (raw: Record<string, unknown>) =>
  (await applyListQuery(base(), parseListQuery(raw, spec), { table: 'items' }).execute()).map((r) => r.id);

beforeAll(async () => {
  db = new Kysely<DB>({ dialect: pgliteDialect(new PGlite()) });
  await db.schema
    .createTable('items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('website_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamp', (c) => c.notNull())
    .execute();
  await db
    .insertInto('items')
    .values(
      [1, 1, 2, 2, 2, 3, 1].map((website_id, i) => ({
        website_id,
        title: `t${i + 1}`,
        is_active: i % 2 === 0,
        note: i < 2 ? null : `n${i + 1}`,
        created_at: `2024-01-0${7 - i} 10:00:00`,
      })),
    )
    .execute();
});
afterAll(() => db.destroy());

describe('applyListQuery on PGlite', () => {
  it('filters by equality, IN, IS NULL and bool, on mapped columns', async () => {
    expect(await ids({ 'where[domain_id]': '1' })).toEqual([1, 2, 7]);
    expect(await ids({ 'where[domain_id][]': ['2', '3'] })).toEqual([3, 4, 5, 6]);
    expect(await ids({ 'where[note]': 'null' })).toEqual([1, 2]);
    expect(await ids({ 'where[is_active]': '1', 'where[domain_id]': '2' })).toEqual([3, 5]);
    expect(await ids({ 'where[created_at]': '2024-01-05 10:00:00' })).toEqual([3]);
  });

  it('compares out-of-range ints without a database error', async () => {
    expect(await ids({ 'where[domain_id]': '9007199254740991' })).toEqual([]);
  });

  it('orders and windows with limit/offset', async () => {
    expect(await ids({ order_by: 'domain_id:desc,id:desc' })).toEqual([6, 5, 4, 3, 7, 2, 1]);
    expect(await ids({ order_by: 'created_at', limit: '2', offset: '1' })).toEqual([6, 5]);
    expect(await ids({ limit: '0' })).toEqual([]);
  });

  it('runs a page and counts every row matching the same filters', async () => {
    const parsed = parseListQuery(
      { 'where[domain_id][]': ['1', '2'], order_by: 'id:desc', paginate: 'true', pageLength: '2', page: '2' },
      spec,
    );
    const page = await runPaginated(db, base(), parsed, { table: 'items' });
    expect(page).toEqual({ data: [{ id: 4 }, { id: 3 }], total: 6, page: 2, pageLength: 2 });
    const beyond = await runPaginated(db, base(), { ...parsed, pagination: { page: 9, pageLength: 2 } });
    expect(beyond).toMatchObject({ data: [], total: 6 });
  });

  it('counts groups when the resource groups its base query', async () => {
    const grouped = db.selectFrom('items').select(['website_id']).groupBy('website_id');
    const raw = { 'where[is_active]': 'true', order_by: 'domain_id:desc', paginate: '1', pageLength: '1' };
    const page = await runPaginated(db, grouped, parseListQuery(raw, spec));
    expect(page).toEqual({ data: [{ website_id: 2 }], total: 2, page: 1, pageLength: 1 });
  });

  it('selects the requested fields under their field names', async () => {
    const parsed = parseListQuery({ select: 'id,domain_id', 'where[id]': '3' }, spec);
    const q = applySelect(db.selectFrom('items'), selectedColumns(parsed, spec), { table: 'items' });
    expect(await applyListQuery(q, parsed).execute()).toEqual([{ id: 3, domain_id: 2 }]);
    const all = selectedColumns(parseListQuery({}, spec), spec).map((c) => c.field);
    expect(all).toEqual(Object.keys(spec.fields));
  });

  it('keeps input out of the SQL text', () => {
    const parsed = parseListQuery({ 'where[title]': "x' or 1=1 --", 'where[id][]': ['1', '2'] }, spec);
    const { sql, parameters } = applyListQuery(base(), parsed, { table: 'items' }).compile();
    expect(sql).toBe(
      'select "items"."id" from "items" where "items"."title" = $1 and "items"."id" in (cast($2 as bigint), cast($3 as bigint)) order by "items"."id" asc',
    );
    expect(parameters).toEqual(["x' or 1=1 --", 1, 2]);
  });
});
