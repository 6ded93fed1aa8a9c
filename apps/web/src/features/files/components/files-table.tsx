import { ActionIcon, Anchor, Badge, Group, Loader, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { type ExportFile, FILES_MSG } from '@pushdeck/contracts';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { TableScroller } from '@/components/data-table/table-scroller';
import { downloadUrl } from '@/lib/exports/server-export';
import { formatSize, progressPercent } from '../lib/merge-files';

export interface FilesTableProps {
  files: ExportFile[];
  onRemove: (file: ExportFile) => void;
  removing: string | null;
}

function StatusCell({ file }: { file: ExportFile }) {
  if (file.status === 'in_progress') {
    const pct = progressPercent(file);
    return (
      <Stack gap={4} miw={160}>
        <Group gap={6}>
          <Badge color="yellow" variant="light" leftSection={<Loader size={10} color="yellow" />}>
            {FILES_MSG.inProcess}
          </Badge>
          <Text size="xs" c="dimmed">
            {file.progress.rows.toLocaleString()} / {file.progress.total.toLocaleString()} rows
          </Text>
        </Group>
        <Progress value={pct} size="sm" aria-label={`${file.basename} progress`} />
      </Stack>
    );
  }
  if (file.status === 'failed') {
    return (
      <Badge color="red" variant="light">
        {FILES_MSG.failed}
      </Badge>
    );
  }
  return (
    <Badge color="teal" variant="light">
      {FILES_MSG.completed}
    </Badge>
  );
}

/** The export files: name (a download link once ready), created, size, status with progress, actions. */
export function FilesTable({ files, onRemove, removing }: FilesTableProps) {
  return (
    <TableScroller minWidth={720} label="Files">
      <Table striped highlightOnHover aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.basename} data-status={file.status}>
              <Table.Td>
                {file.link ? (
                  <Anchor href={downloadUrl(file.link)} target="_blank" rel="noopener" size="sm">
                    {file.basename}
                  </Anchor>
                ) : (
                  <Text size="sm">{file.basename}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{new Date(file.cTime).toLocaleString()}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{file.status === 'in_progress' ? '—' : formatSize(file.size)}</Text>
              </Table.Td>
              <Table.Td>
                <StatusCell file={file} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Download">
                    <ActionIcon
                      component="a"
                      href={file.link ? downloadUrl(file.link) : undefined}
                      target="_blank"
                      rel="noopener"
                      variant="subtle"
                      aria-label={`Download ${file.basename}`}
                      disabled={!file.link}
                      data-disabled={!file.link || undefined}
                    >
                      <IconDownload size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${file.basename}`}
                      disabled={file.status === 'in_progress'}
                      loading={removing === file.basename}
                      onClick={() => onRemove(file)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}
