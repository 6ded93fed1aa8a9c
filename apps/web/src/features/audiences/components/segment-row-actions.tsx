import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Segment } from '@pushdeck/contracts';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifySuccess, showErrorPopup } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useDeleteSegment } from '../api/use-segments';
import { MODE_TEXT } from '../lib/mode';

interface SegmentRowActionsProps {
  segment: Segment;
  canEdit: boolean;
}

/** Visualize, Edit and Delete (with confirmation) for one row; edit and delete need audience_edit. */
export function SegmentRowActions({ segment, canEdit }: SegmentRowActionsProps) {
  const remove = useDeleteSegment();
  const text = MODE_TEXT[segment.type];
  const base = `/dashboard/${segment.domain_id}`;

  const onDelete = async () => {
    const ok = await confirmAction({
      text: `You will delete the ${text.noun} "${segment.name}" and won't be able to restore it.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(segment.id, {
      onSuccess: (result) => {
        const detached = result.detached_schedule_ids.length;
        notifySuccess(
          detached > 0
            ? `Deleted. It was removed from ${detached} inactive schedule${detached === 1 ? '' : 's'}.`
            : `The ${text.noun} has been deleted!`,
        );
      },
      // The in-use refusal names the active schedules; shown as the server wrote it.
      onError: (error) => showErrorPopup(errorMessage(error, 'Error!')),
    });
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Visualize">
        <ActionIcon
          variant="subtle"
          component={Link}
          to={`${base}/${text.listPath}/view/${segment.id}`}
          aria-label={`Visualize ${segment.name}`}
        >
          <IconEye size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {canEdit && (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`${base}/audience-creator/edit/${segment.id}`}
            aria-label={`Edit ${segment.name}`}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${segment.name}`}
            loading={remove.isPending}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
