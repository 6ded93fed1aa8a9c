import {
  AUDIENCE_FIELDS,
  AUDIENCE_OPERATORS,
  AUDIENCE_OPERATORS_BY_KIND,
  type AudienceField,
  type AudienceItem,
  type AudienceJoin,
  type AudienceKind,
  type AudienceOperator,
  type AudienceQuery,
  audienceQuerySchema,
  MSG,
  SUBSCRIBER_COLUMNS,
} from '@pushdeck/contracts';

/**
 * The filter builder's own tree: conditions and groups with stable ids, values kept as the text the user typed.
 * It converts to and from the query model (`{filters: [...]}`, contracts/audience.ts) at the edges.
 */
export interface ConditionNode {
  id: string;
  kind: 'condition';
  join: AudienceJoin;
  field: AudienceField;
  operator: AudienceOperator;
  values: string[];
}
export interface GroupNode {
  id: string;
  kind: 'group';
  join: AudienceJoin;
  children: BuilderNode[];
}
export type BuilderNode = ConditionNode | GroupNode;

const EXTRA_LABELS: Partial<Record<AudienceField, string>> = { created_at: 'Subscribed At' };
const COLUMN_LABELS = new Map<string, string>(SUBSCRIBER_COLUMNS.map((c) => [c.key, c.label]));

export const FIELD_OPTIONS = (Object.keys(AUDIENCE_FIELDS) as AudienceField[]).map((field) => ({
  value: field,
  label: EXTRA_LABELS[field] ?? COLUMN_LABELS.get(field) ?? field,
}));

export function fieldLabel(field: AudienceField): string {
  return FIELD_OPTIONS.find((o) => o.value === field)?.label ?? field;
}

export const kindOf = (field: AudienceField): AudienceKind => AUDIENCE_FIELDS[field];
export const operatorsFor = (field: AudienceField): readonly AudienceOperator[] =>
  AUDIENCE_OPERATORS_BY_KIND[kindOf(field)];

let seq = 0;
const nextId = () => `n${++seq}`;

export function newCondition(join: AudienceJoin = 'and', field: AudienceField = 'device'): ConditionNode {
  return { id: nextId(), kind: 'condition', join, field, operator: '=', values: [''] };
}

export function newGroup(join: AudienceJoin = 'and'): GroupNode {
  return { id: nextId(), kind: 'group', join, children: [newCondition()] };
}

/** How many value inputs an operator takes: one, two (between) or a list (in). */
export function valueShape(operator: AudienceOperator): 'one' | 'two' | 'list' {
  return operator === 'between' ? 'two' : operator === 'in' ? 'list' : 'one';
}

/** Keeps what still fits when the operator changes. */
export function valuesFor(operator: AudienceOperator, values: readonly string[]): string[] {
  const shape = valueShape(operator);
  if (shape === 'two') return [values[0] ?? '', values[1] ?? ''];
  if (shape === 'list') return values.filter((v) => v.trim() !== '');
  return [values[0] ?? ''];
}

export function withField(node: ConditionNode, field: AudienceField): ConditionNode {
  const operator = operatorsFor(field).includes(node.operator) ? node.operator : '=';
  const sameKind = kindOf(field) === kindOf(node.field);
  return { ...node, field, operator, values: sameKind ? valuesFor(operator, node.values) : valuesFor(operator, []) };
}

export function withOperator(node: ConditionNode, operator: AudienceOperator): ConditionNode {
  return { ...node, operator, values: valuesFor(operator, node.values) };
}

const WHOLE = /^-?\d+$/;

function toValue(field: AudienceField, text: string): string | number {
  if (kindOf(field) === 'number') {
    const trimmed = text.trim();
    return WHOLE.test(trimmed) ? Number(trimmed) : text;
  }
  return kindOf(field) === 'date' ? text.trim() : text;
}

function toItem(node: BuilderNode): AudienceItem {
  if (node.kind === 'group') return { group: { type: node.join, filters: node.children.map(toItem) } };
  const condition = {
    type: node.join,
    operator: node.operator,
    buildtype: kindOf(node.field),
    values: node.values.map((v) => toValue(node.field, v)),
  };
  return { [node.field]: condition } as AudienceItem;
}

/** The query model the server stores and counts. */
export function toQuery(nodes: readonly BuilderNode[]): AudienceQuery {
  return { filters: nodes.map(toItem) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asJoin = (v: unknown): AudienceJoin => (v === 'or' ? 'or' : 'and');

function fromItem(raw: unknown): BuilderNode | undefined {
  if (!isRecord(raw)) return undefined;
  const [key] = Object.keys(raw);
  const body = key === undefined ? undefined : raw[key];
  if (key === undefined || !isRecord(body)) return undefined;
  if (key === 'group') {
    return { id: nextId(), kind: 'group', join: asJoin(body.type), children: fromList(body.filters) };
  }
  if (!Object.hasOwn(AUDIENCE_FIELDS, key)) return undefined;
  const field = key as AudienceField;
  const operator = (AUDIENCE_OPERATORS as readonly unknown[]).includes(body.operator)
    ? (body.operator as AudienceOperator)
    : '=';
  const values = Array.isArray(body.values) ? body.values.map((v) => String(v)) : [''];
  const condition: ConditionNode = {
    id: nextId(),
    kind: 'condition',
    join: asJoin(body.type),
    field,
    operator,
    values,
  };
  const nested = fromList(body.filters);
  if (nested.length === 0) return condition;
  // "A condition holding filters is that condition followed by those filters, folded as one parenthesised unit."
  return { id: nextId(), kind: 'group', join: condition.join, children: [{ ...condition, join: 'and' }, ...nested] };
}

function fromList(raw: unknown): BuilderNode[] {
  return Array.isArray(raw) ? raw.map(fromItem).filter((n): n is BuilderNode => n !== undefined) : [];
}

/** A stored query (read loosely: anything unreadable is left out) as builder nodes. */
export function fromQuery(query: { filters: readonly unknown[] } | undefined): BuilderNode[] {
  return fromList(query?.filters);
}

/** Messages keyed like the server's 422 (`query.filters.0.device.values`). */
export type FieldErrors = Record<string, string[]>;

/** Empty value inputs: the server would take '' as a value to match, which nobody means. */
function blankValues(nodes: readonly BuilderNode[], parent: string, errors: FieldErrors): void {
  nodes.forEach((node, index) => {
    const path = nodePath(parent, index, node);
    if (node.kind === 'group') blankValues(node.children, path, errors);
    else {
      node.values.forEach((v, i) => {
        if (v.trim() === '') errors[`${path}.values.${i}`] = [MSG.required];
      });
    }
  });
}

/**
 * The query checked with the same schema the server uses, plus 'Required.' for an empty value; problems keyed like
 * the server's 422 answer.
 */
export function checkQuery(nodes: readonly BuilderNode[]): { query: AudienceQuery; errors: FieldErrors } {
  const query = toQuery(nodes);
  const parsed = audienceQuerySchema.safeParse(query);
  const errors: FieldErrors = {};
  blankValues(nodes, 'query', errors);
  for (const issue of parsed.error?.issues ?? []) {
    const key = ['query', ...issue.path.map(String)].join('.');
    if (errors[key]) continue;
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return { query, errors };
}

/** The error-key prefix of a node at `index` under `parent` ('query' for the top level). */
export function nodePath(parent: string, index: number, node: BuilderNode): string {
  return `${parent}.filters.${index}.${node.kind === 'group' ? 'group' : node.field}`;
}

/** The messages that belong to this node itself (not to its children). */
export function ownErrors(errors: FieldErrors, path: string): string[] {
  const child = `${path}.filters.`;
  const messages = Object.entries(errors)
    .filter(([key]) => (key === path || key.startsWith(`${path}.`)) && !key.startsWith(child))
    .flatMap(([, list]) => list);
  return [...new Set(messages)];
}

/** A condition's messages by where they show: at each value input, at its values as a whole, or at the row. */
export interface ConditionErrors {
  /** `values.<i>`: the i-th value input's own messages. */
  byValue: string[][];
  /** `values`: about the values together (count, order). */
  values: string[];
  /** Anything else about the condition (field, operator, join). */
  other: string[];
}

export function conditionErrors(errors: FieldErrors, path: string): ConditionErrors {
  const prefix = `${path}.values`;
  const out: ConditionErrors = { byValue: [], values: [], other: [] };
  for (const [key, messages] of Object.entries(errors)) {
    if (key === prefix) out.values.push(...messages);
    else if (key.startsWith(`${prefix}.`)) {
      const index = Number(key.slice(prefix.length + 1));
      if (Number.isInteger(index) && index >= 0) out.byValue[index] = [...(out.byValue[index] ?? []), ...messages];
      else out.values.push(...messages);
    } else if (key === path || key.startsWith(`${path}.`)) out.other.push(...messages);
  }
  out.values = [...new Set(out.values)];
  out.other = [...new Set(out.other)];
  return out;
}

function describeNode(node: BuilderNode): string {
  if (node.kind === 'group') return `(${describeNodes(node.children)})`;
  const label = fieldLabel(node.field);
  if (node.operator === 'between') return `${label} between ${node.values[0] ?? ''} and ${node.values[1] ?? ''}`;
  if (node.operator === 'in') return `${label} in [${node.values.join(', ')}]`;
  return `${label} ${node.operator} ${node.values[0] ?? ''}`;
}

function describeNodes(nodes: readonly BuilderNode[]): string {
  return nodes.map((n, i) => (i === 0 ? describeNode(n) : `${n.join} ${describeNode(n)}`)).join(' ');
}

/** One line of plain text for a query ('Device = desktop and Browser contains Chrome'). */
export function describeQuery(query: { filters: readonly unknown[] } | undefined): string {
  const nodes = fromQuery(query);
  return nodes.length === 0 ? 'All subscribers' : describeNodes(nodes);
}

/** Replaces the node with `id` anywhere in the tree (or removes it when `next` is null). */
export function replaceNode(nodes: readonly BuilderNode[], id: string, next: BuilderNode | null): BuilderNode[] {
  return nodes.flatMap((node) => {
    if (node.id === id) return next ? [next] : [];
    if (node.kind === 'group') return [{ ...node, children: replaceNode(node.children, id, next) }];
    return [node];
  });
}
