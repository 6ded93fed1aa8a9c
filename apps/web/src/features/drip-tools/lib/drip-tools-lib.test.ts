import { describe, expect, it } from 'vitest';
import { buildTree, filterTree } from './domain-tree';

const tag = (id: number, name: string) => ({ id, name, type: 'geo' as const });
const site = (id: number, url: string, tags: ReturnType<typeof tag>[] = []) => ({ id, url, domain_tags: tags });

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
