import { MultiSelect } from '@mantine/core';
import { TAG_TYPES, type Tag } from '@pushdeck/contracts';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useChangeDomainTags } from '../api/use-domains';
import { useTagOptions } from '../api/use-tag-options';

const GROUP_LABELS: Record<Tag['type'], string> = {
  geo: 'GEO',
  adult: 'Vertical',
  category: 'Category',
  server: 'Server',
};

/** The tags of one website: picking adds (addTags), removing removes (removeTags). */
export function DomainTagsEditor({ domainId, tags }: { domainId: number; tags: readonly Tag[] }) {
  const options = useTagOptions();
  const change = useChangeDomainTags(domainId);
  const current = tags.map((tag) => String(tag.id));
  const data = TAG_TYPES.map((type) => ({
    group: GROUP_LABELS[type],
    items: (options.data ?? [])
      .filter((tag) => tag.type === type)
      .map((tag) => ({ value: String(tag.id), label: tag.name })),
  })).filter((group) => group.items.length > 0);

  const onChange = (next: string[]) => {
    const added = next.filter((id) => !current.includes(id)).map(Number);
    const removed = current.filter((id) => !next.includes(id)).map(Number);
    const action = added.length > 0 ? 'addTags' : 'removeTags';
    const tagIds = added.length > 0 ? added : removed;
    if (tagIds.length === 0) return;
    change.mutate(
      { action, tagIds },
      {
        onSuccess: () => notifySuccess(),
        onError: (error) => notifyFailure(errorMessage(error, 'Error!')),
      },
    );
  };

  return (
    <MultiSelect
      label="Website tags"
      placeholder={options.isPending ? 'Loading tags…' : 'Pick tags'}
      data={data}
      value={current}
      onChange={onChange}
      searchable
      disabled={change.isPending || options.isPending}
      nothingFoundMessage="No such tag"
      maxDropdownHeight={240}
      maw={560}
    />
  );
}
