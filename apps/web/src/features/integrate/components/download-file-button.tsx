import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { type SiteFileName, useDownloadSiteFile } from '../api/integration-api';

interface DownloadFileButtonProps {
  websiteId: string;
  filename: SiteFileName;
}

/** 'Download pushmine.js' / 'Download sw_pm.js': the file made for this website. */
export function DownloadFileButton({ websiteId, filename }: DownloadFileButtonProps) {
  const download = useDownloadSiteFile(websiteId);
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate(filename, { onError: (error) => notifyFailure(errorMessage(error, 'Error!')) })}
    >
      {`Download ${filename}.js`}
    </Button>
  );
}
