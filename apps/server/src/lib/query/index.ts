export {
  type ApplyOptions,
  applyFilters,
  applyListQuery,
  applySelect,
  columnRef,
  conditionSql,
  type ListResult,
  likePattern,
  listColumns,
  type Page,
  pageQuery,
  runList,
  runPaginated,
  selectedColumns,
} from './apply-list-query.ts';
export type {
  ColumnRef,
  FieldSpec,
  FieldType,
  FilterValue,
  ListQuerySpec,
  OrderSpec,
  ParsedListQuery,
  RelationCondition,
  RelationSpec,
  WhereCondition,
} from './list-query-types.ts';
export { parseListQuery } from './parse-list-query.ts';
