import { ActionIcon, Group, Menu } from '@mantine/core';
import type { DripGroup } from '@pushdeck/contracts';
import { IconFolderMinus, IconFolderPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DripRow } from '../api/drips-api';
import { dripPaths } from '../lib/route';
import { groupName } from './groups-panel';

export interface RecurringRowActionsProps {
  domainId: number;
  row: DripRow;
  groups: DripGroup[];
  onAttach: (groupId: number) => void;
  onDetach: () => void;
  onDelete: () => void;
}

/** Edit, put into a group / take out of its group, delete. */
export function RecurringRowActions({ domainId, row, groups, onAttach, onDetach, onDelete }: RecurringRowActionsProps) {
  const others = groups.filter((g) => g.id !== row.group_id);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        component={Link}
        to={dripPaths.recurringEdit(domainId, row.id!)}
        variant="subtle"
        aria-label={`Edit ${row.title}`}
      >
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      {row.group_id ? (
        <ActionIcon variant="subtle" aria-label={`Remove ${row.title} from its group`} onClick={onDetach}>
          <IconFolderMinus size={16} aria-hidden />
        </ActionIcon>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Add ${row.title} to a group`} disabled={others.length === 0}>
              <IconFolderPlus size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Add to group</Menu.Label>
            {others.map((g) => (
              <Menu.Item key={g.id} onClick={() => onAttach(g.id)}>
                {groupName(g)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.title}`} onClick={onDelete}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
