import { describe, expect, it } from 'vitest';
import { csvField } from '@/lib/csv';
import { buildTree, filterTree } from './domain-tree';
import { messagesCsv } from './messages-csv';

const tag = (id: number, name: string) => ({ id, name, type: 'geo' as const });
const site = (id: number, url: string, tags: ReturnType<typeof tag>[] = []) => ({ id, url, domain_tags: tags });

describe('messagesCsv', () => {
  it('writes the table columns, quoting commas and quotes and defusing formulas', () => {
    const csv = messagesCsv([
      {
        id: 11,
        domain_id: 3,
        title: 'Sale, "big"',
        created_at: new Date('2026-01-01T00:00:00.000Z'),
        type: 'recurring',
        is_active: 1,
      },
      {
        id: 12,
        domain_id: 4,
        title: '=cmd()',
        created_at: new Date('2026-01-02T00:00:00.000Z'),
        type: 'welcome',
        is_active: 0,
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Domain Id,Message Id,Title,Created at,Type,Status');
    expect(lines[1]).toMatch(/^3,11,"Sale, ""big""",.+,Recurring,Active$/);
    expect(lines[2]).toMatch(/^4,12,'=cmd\(\),.+,Welcome,Inactive$/);
    expect(csvField(null)).toBe('');
  });
});

describe('domain tree', () => {
  const geo = tag(1, 'Ukraine');
  const cat = tag(2, 'Adult');
  const tree = buildTree(
    [geo, cat, tag(3, 'Empty')],
    [site(10, 'https://b.test', [geo]), site(11, 'https://a.test', [geo, cat]), site(12, 'https://c.test')],
  );

  it('lists tags by name with their websites, drops empty tags and adds the untagged ones last', () => {
    expect(tree.map((n) => [n.name, n.domains.map((d) => d.id)])).toEqual([
      ['Adult', [11]],
      ['Ukraine', [11, 10]],
      ['Without tags', [12]],
    ]);
  });

  it('keeps a matching tag whole and otherwise only the matching websites', () => {
    expect(filterTree(tree, 'ukr').map((n) => n.domains.length)).toEqual([2]);
    expect(filterTree(tree, 'b.TEST').map((n) => [n.name, n.domains.map((d) => d.id)])).toEqual([['Ukraine', [10]]]);
    expect(filterTree(tree, '  ')).toHaveLength(3);
  });
});
