import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Tag, TagType } from '@pushdeck/contracts';
import { useMemo, useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { SearchInput } from '@/components/search-input/search-input';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDeleteTag, useTags } from '../api/tags-api';
import { TAG_CARDS, TAG_ERROR_MS } from '../lib/tag-texts';
import { useTimedMessage } from '../lib/use-timed-message';
import { confirmDeleteTag } from './delete-tag';
import { TagCard } from './tag-card';
import { TagFormDialog } from './tag-form-dialog';

/** The four cards while the tags load: their titles over grey chip rows, so nothing moves when the tags come. */
function TagCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy>
      {TAG_CARDS.map((card, i) => (
        <Paper key={card.type} withBorder p="md" radius="md">
          {i === 0 && <VisuallyHidden role="status">Loading tags…</VisuallyHidden>}
          <Title order={2} size="h5" mb="sm" lh="30px">
            {card.title}
          </Title>
          <PanelSkeleton lines={2} height={26} label={`Loading ${card.title}`} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

type Editing = { tag?: Tag; type?: TagType } | null;

/** Home > Tags Manager: search, four cards of tag chips by type, the create/update popup and delete. */
export function TagsManagerPage() {
  const tags = useTags();
  const remove = useDeleteTag();
  const { search, setSearch } = useListParams();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, showError] = useTimedMessage(TAG_ERROR_MS);
  // Staff manage the shared tags; a client's team its own (the server's rule: docs/console.md).
  const { isStaff } = useAuth();
  const canChange = (tag: Tag) => isStaff || (tag.client_id ?? null) !== null;

  const query = search.trim().toLowerCase();
  const byType = useMemo(() => {
    const visible = (tags.data ?? []).filter((tag) => !query || tag.name.toLowerCase().includes(query));
    return new Map(TAG_CARDS.map((card) => [card.type, visible.filter((tag) => tag.type === card.type)]));
  }, [tags.data, query]);

  const onDelete = (tag: Tag) => void confirmDeleteTag(() => remove.mutateAsync(tag.id), showError);

  return (
    <Stack gap="md" maw={1200}>
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Tags Manager' }]} />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Tags Manager
        </Title>
        <SearchInput
          value={search}
          onSearch={setSearch}
          placeholder="Search"
          debounceMs={0}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {!isStaff && (
        <Text size="sm" c="dimmed">
          Tags you add are your own: only your team sees them, and you can put them, and the tags shared by the staff,
          on your websites from each website's dashboard.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {tags.isPending ? (
        <TagCardsSkeleton />
      ) : tags.isError ? (
        <PanelError
          message={errorMessage(tags.error, 'Error')}
          onRetry={() => tags.refetch()}
          retrying={tags.isFetching}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {TAG_CARDS.map((card) => (
            <TagCard
              key={card.type}
              title={card.title}
              tags={byType.get(card.type) ?? []}
              filtered={query !== ''}
              onPick={(tag) => setSearch(tag.name)}
              onAdd={() => setEditing({ type: card.type })}
              onEdit={(tag) => setEditing({ tag })}
              onDelete={onDelete}
              canChange={canChange}
            />
          ))}
        </SimpleGrid>
      )}
      <TagFormDialog
        opened={editing !== null}
        tag={editing?.tag}
        defaultType={editing?.type}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
