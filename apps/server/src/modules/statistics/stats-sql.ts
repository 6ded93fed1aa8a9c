import { STAT_TYPE_FAMILIES, STAT_TYPE_FAMILY_NAMES, type StatTypeFamily } from '@pushdeck/contracts';
import { type RawBuilder, sql } from 'kysely';

/** Which tenant data a statistics query reads: null = every client / every website of the allowed clients. */
export interface StatsScope {
  clientIds: readonly number[] | null;
  domainIds: readonly number[] | null;
}

const inList = (column: RawBuilder<unknown>, ids: readonly number[] | null) =>
  ids === null ? sql`true` : ids.length === 0 ? sql`false` : sql`${column} in (${sql.join([...ids])})`;

/** The scope as a condition on a table alias with client_id and domain_id columns. */
export function scopeSql(scope: StatsScope, alias: string): RawBuilder<unknown> {
  return sql`(${inList(sql.ref(`${alias}.client_id`), scope.clientIds)} and ${inList(
    sql.ref(`${alias}.domain_id`),
    scope.domainIds,
  )})`;
}

/** A raw rollup/ledger/occurrence type mapped to its family (contracts STAT_TYPE_FAMILIES). */
export function familySql(rawType: RawBuilder<unknown>): RawBuilder<unknown> {
  const whens = STAT_TYPE_FAMILY_NAMES.map(
    (f) => sql`when ${rawType} in (${sql.join([...STAT_TYPE_FAMILIES[f]])}) then ${f}`,
  );
  return sql`(case ${sql.join(whens, sql` `)} else ${rawType} end)`;
}

/** Raw types of the given families (all types when none given). */
export function rawTypesOf(families: readonly string[]): string[] | null {
  if (families.length === 0) return null;
  return families.flatMap((f) => [...(STAT_TYPE_FAMILIES[f as StatTypeFamily] ?? [f])]);
}
