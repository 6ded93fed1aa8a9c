import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { downloadSegmentXlsx } from '../api/xlsx-download';

/** 'Upload as XLSX': the segment's subscribers as a real workbook, saved under the server's file name. */
export function XlsxButton({ segmentId }: { segmentId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadSegmentXlsx(segmentId);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      notifyFailure(errorMessage(error, 'Failed to generate file.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={download}
    >
      Upload as XLSX
    </Button>
  );
}
