import { AUDIENCE_MSG } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BuilderNode,
  type ConditionNode,
  checkQuery,
  conditionErrors,
  describeQuery,
  fromQuery,
  newCondition,
  newGroup,
  nodePath,
  ownErrors,
  replaceNode,
  toQuery,
  withField,
  withOperator,
} from './builder-model';

const cond = (over: Partial<ConditionNode>): ConditionNode => ({ ...newCondition(), ...over });

describe('builder model', () => {
  it('writes conditions and groups as the query model, numbers as numbers', () => {
    const nodes: BuilderNode[] = [
      cond({ field: 'device', values: ['desktop'] }),
      {
        ...newGroup('or'),
        children: [
          cond({ field: 'last_drip_number', operator: 'between', values: ['1', ' 3 '] }),
          cond({ join: 'or', field: 'language', operator: 'in', values: ['fr-FR', 'de-DE'] }),
        ],
      },
    ];
    expect(toQuery(nodes)).toEqual({
      filters: [
        { device: { type: 'and', operator: '=', buildtype: 'string', values: ['desktop'] } },
        {
          group: {
            type: 'or',
            filters: [
              { last_drip_number: { type: 'and', operator: 'between', buildtype: 'number', values: [1, 3] } },
              { language: { type: 'or', operator: 'in', buildtype: 'string', values: ['fr-FR', 'de-DE'] } },
            ],
          },
        },
      ],
    });
    expect(checkQuery(nodes).errors).toEqual({});
  });

  it('reads a stored query back, a condition holding filters as a group, and skips what it cannot read', () => {
    const nodes = fromQuery({
      filters: [
        {
          os: {
            type: 'and',
            operator: 'starts with',
            values: ['Win'],
            filters: [{ browser: { type: 'or', values: ['Chrome'] } }],
          },
        },
        { secret_column: { values: ['x'] } },
        { group: { type: 'or', filters: [{ last_drip_number: { operator: '>', values: [2] } }] } },
      ],
    });
    expect(nodes).toHaveLength(2);
    expect(toQuery(nodes)).toEqual({
      filters: [
        {
          group: {
            type: 'and',
            filters: [
              { os: { type: 'and', operator: 'starts with', buildtype: 'string', values: ['Win'] } },
              { browser: { type: 'or', operator: '=', buildtype: 'string', values: ['Chrome'] } },
            ],
          },
        },
        {
          group: {
            type: 'or',
            filters: [{ last_drip_number: { type: 'and', operator: '>', buildtype: 'number', values: [2] } }],
          },
        },
      ],
    });
    expect(describeQuery({ filters: [] })).toBe('All subscribers');
    expect(describeQuery(toQuery(nodes))).toBe('(OS starts with Win or Browser = Chrome) or (Last Drip Number > 2)');
  });

  it('keys problems like the server (query.filters.N.field...) and gives each node only its own', () => {
    const group = { ...newGroup(), children: [cond({ field: 'last_drip_number', values: ['two'] })] };
    const nodes: BuilderNode[] = [
      cond({ field: 'created_at', operator: 'between', values: ['2024-02-01', '2024-01-01'] }),
      group,
    ];
    const { errors } = checkQuery(nodes);
    expect(errors).toEqual({
      'query.filters.0.created_at.values': [AUDIENCE_MSG.betweenOrder],
      'query.filters.1.group.filters.0.last_drip_number.values.0': [AUDIENCE_MSG.wholeNumber('last_drip_number')],
    });
    const groupPath = nodePath('query', 1, group);
    expect(ownErrors(errors, groupPath)).toEqual([]);
    expect(ownErrors(errors, nodePath(groupPath, 0, group.children[0]!))).toEqual([
      AUDIENCE_MSG.wholeNumber('last_drip_number'),
    ]);
  });

  it("sorts a condition's messages by where they show: each value input, the values together, the row", () => {
    const path = 'query.filters.1.last_drip_number';
    const errors = {
      [`${path}.values.1`]: ['Required.'],
      [`${path}.values`]: [AUDIENCE_MSG.betweenOrder],
      [`${path}.operator`]: ['Unknown operator "~".'],
      'query.filters.0.device.values.0': ['Required.'],
      'query.filters.10.device.values.0': ['Not mine.'],
    };
    const mine = conditionErrors(errors, path);
    expect(mine.byValue[0]).toBeUndefined();
    expect(mine.byValue[1]).toEqual(['Required.']);
    expect(mine.values).toEqual([AUDIENCE_MSG.betweenOrder]);
    expect(mine.other).toEqual(['Unknown operator "~".']);
    expect(conditionErrors(errors, 'query.filters.1.device')).toEqual({ byValue: [], values: [], other: [] });
  });

  it('keeps what fits when the field or operator changes, and replaces or removes nodes anywhere', () => {
    const c = cond({ field: 'device', operator: 'contains', values: ['desk'] });
    expect(withField(c, 'os')).toMatchObject({ operator: 'contains', values: ['desk'] });
    expect(withField(c, 'last_drip_number')).toMatchObject({ operator: '=', values: [''] });
    expect(withOperator(c, 'in').values).toEqual(['desk']);
    expect(withOperator(withField(c, 'created_at'), 'between').values).toEqual(['', '']);
    const inner = cond({ field: 'os' });
    const tree: BuilderNode[] = [{ ...newGroup(), children: [inner] }];
    expect(replaceNode(tree, inner.id, null)).toEqual([{ ...tree[0], children: [] }]);
  });
});
