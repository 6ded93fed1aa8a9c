import { MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { api, errorMessage } from '@/lib/api';
import { startServerExport } from '@/lib/exports/server-export';
import { saveBlob } from '@/lib/save-blob';
import { fetchAllDomains } from '../api/domains-api';
import { downloadIntegrationZip } from '../api/zip-download';

/** The zip call takes at most this many websites. */
const ZIP_MAX = 1000;

interface Listed {
  search: string;
  orderBy: string;
  /** Rows the table reports for the search (undefined while it loads); 0 answers 'No data to download!' at once. */
  total: number | undefined;
}

/** 'Download CSV' and 'Download zip' of the websites the Domains List lists (every page of the search). */
export function useDomainDownloads({ search, orderBy, total }: Listed) {
  const [busy, setBusy] = useState<'csv' | 'zip' | null>(null);

  const run = async (kind: 'csv' | 'zip') => {
    if (busy) return;
    if (total === 0) {
      notifyFailure(MSG.noDataToDownload);
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'csv') {
        // written by the server's export job (domains_list) with the same search and order; opens when ready
        await startServerExport(() =>
          api.post<unknown>('/v1/files/generateUnitFile', {
            query: { type: 'domains_list' },
            body: { query: { search: search.trim() || undefined, order_by: orderBy } },
          }),
        );
        return;
      }
      const rows = await fetchAllDomains(search, orderBy);
      if (rows.length === 0) {
        notifyFailure(MSG.noDataToDownload);
      } else if (rows.length > ZIP_MAX) {
        notifyFailure(`A zip holds at most ${ZIP_MAX} websites: narrow the search.`);
      } else {
        const file = await downloadIntegrationZip(
          rows.map((row) => row.website_id),
          'domains',
        );
        saveBlob(file.blob, file.filename);
      }
    } catch (error) {
      notifyFailure(errorMessage(error, 'Error!'));
    } finally {
      setBusy(null);
    }
  };

  return { busy, downloadCsv: () => void run('csv'), downloadZip: () => void run('zip') };
}
