import { ActionIcon, Badge, Button, Group, Paper, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import type { Tag } from '@pushdeck/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';

interface TagCardProps {
  title: string;
  tags: readonly Tag[];
  /** True while a search hides some tags (changes the empty text). */
  filtered: boolean;
  onPick: (tag: Tag) => void;
  onAdd: () => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
  /** Whether this user may rename and delete the tag (a client: its own tags, not the shared ones). */
  canChange: (tag: Tag) => boolean;
}

function TagChip({
  tag,
  onPick,
  onEdit,
  onDelete,
  canChange,
}: { tag: Tag } & Pick<TagCardProps, 'onPick' | 'onEdit' | 'onDelete' | 'canChange'>) {
  const changeable = canChange(tag);
  return (
    <Group
      component="li"
      gap={2}
      wrap="nowrap"
      pl="sm"
      pr={4}
      py={2}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 999, listStyle: 'none' }}
    >
      <Tooltip label="Search for this tag" openDelay={400}>
        <UnstyledButton onClick={() => onPick(tag)} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {tag.name}
        </UnstyledButton>
      </Tooltip>
      {changeable ? (
        <>
          <ActionIcon size="sm" variant="subtle" aria-label={`Edit ${tag.name}`} onClick={() => onEdit(tag)}>
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label={`Delete ${tag.name}`}
            onClick={() => onDelete(tag)}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </>
      ) : (
        <Tooltip label="Shared by the staff: you can put it on your websites, not change it">
          <Badge size="xs" variant="light" color="gray" mx={4} tabIndex={0} aria-label={`${tag.name} is shared`}>
            Shared
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** One type's card: its tags as chips (click searches, pencil edits, bin deletes) and 'Add tag'. */
export function TagCard({ title, tags, filtered, onPick, onAdd, onEdit, onDelete, canChange }: TagCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          Add tag
        </Button>
      </Group>
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {filtered ? 'No tags match the search.' : 'No tags yet.'}
        </Text>
      ) : (
        <Group component="ul" gap={6} m={0} p={0} aria-label={title}>
          {tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} onPick={onPick} onEdit={onEdit} onDelete={onDelete} canChange={canChange} />
          ))}
        </Group>
      )}
    </Paper>
  );
}
