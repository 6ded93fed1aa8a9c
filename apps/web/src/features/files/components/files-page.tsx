import { Box, Button, Card, Group, Stack, Title } from '@mantine/core';
import { type ExportFile, MSG } from '@pushdeck/contracts';
import { IconFileExport, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage } from '@/lib/api';
import { removeFile, useFiles } from '../api/files-api';
import { CustomExportDialog } from './custom-export-dialog';
import { FilesTable } from './files-table';

/** Files (Home > Dashboard > Files): the client's export files, live, with Refresh, Custom Export and delete. */
export function FilesPage() {
  const files = useFiles();
  const [dialog, setDialog] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (file: ExportFile) => {
    const ok = await confirmAction({ text: `You will delete ${file.basename}.`, confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    setRemoving(file.basename);
    try {
      notifySuccess(await removeFile(file.basename));
      await files.refetch();
    } catch (error) {
      notifyFailure(errorMessage(error, MSG.error));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Home' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Files' }]} />
      <Group justify="space-between">
        <Title order={1} size="h2">
          Files
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void files.refetch()}
            loading={files.isFetching && !files.isPending}
          >
            Refresh
          </Button>
          <Button leftSection={<IconFileExport size={16} aria-hidden />} onClick={() => setDialog(true)}>
            Custom Export
          </Button>
        </Group>
      </Group>
      <Card withBorder padding={0}>
        {files.isPending ? (
          <Box p="lg">
            <PanelSkeleton lines={4} height={28} label="Loading files" />
          </Box>
        ) : files.isError ? (
          <Box m="md">
            <PanelError
              title={MSG.error}
              message={errorMessage(files.error, MSG.error)}
              onRetry={() => files.refetch()}
              retrying={files.isFetching}
            />
          </Box>
        ) : files.data.length === 0 ? (
          <EmptyState
            title="No files yet."
            hint="Exports you start here (Custom Export, above) or from a statistics screen, the Drip Manager or the Domains List appear in this list."
          />
        ) : (
          <FilesTable files={files.data} onRemove={remove} removing={removing} />
        )}
      </Card>
      <CustomExportDialog opened={dialog} onClose={() => setDialog(false)} onStarted={files.started} />
    </Stack>
  );
}
