import type { SetupDomain, SetupTag } from '../api/drip-tools-api';

/** A node of the Drip Setup tree: a tag (or 'Without tags') and its websites. */
export interface TagNode {
  /** The tag id as a string; 'untagged' for the websites without a tag. */
  key: string;
  name: string;
  domains: { id: number; url: string }[];
}

export const UNTAGGED = 'untagged';

/** Tags in name order, each with its websites (url order); tags without websites are left out, untagged last. */
export function buildTree(tags: readonly SetupTag[], domains: readonly SetupDomain[]): TagNode[] {
  const byUrl = (a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url);
  const nodes: TagNode[] = [...tags]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((tag) => ({
      key: String(tag.id),
      name: tag.name,
      domains: domains
        .filter((d) => d.domain_tags?.some((t) => t.id === tag.id))
        .map(({ id, url }) => ({ id, url }))
        .sort(byUrl),
    }))
    .filter((node) => node.domains.length > 0);
  const untagged = domains.filter((d) => !d.domain_tags?.length).map(({ id, url }) => ({ id, url }));
  if (untagged.length) nodes.push({ key: UNTAGGED, name: 'Without tags', domains: untagged.sort(byUrl) });
  return nodes;
}

/** The search: a tag whose name matches keeps all its websites; otherwise only the websites whose url matches. */
export function filterTree(nodes: readonly TagNode[], search: string): TagNode[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...nodes];
  return nodes.flatMap((node) => {
    if (node.name.toLowerCase().includes(text)) return [node];
    const domains = node.domains.filter((d) => d.url.toLowerCase().includes(text));
    return domains.length ? [{ ...node, domains }] : [];
  });
}
