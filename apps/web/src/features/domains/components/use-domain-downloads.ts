import { MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { saveCsv } from '@/lib/csv';
import { saveBlob } from '@/lib/save-blob';
import { fetchAllDomains } from '../api/domains-api';
import { downloadIntegrationZip } from '../api/zip-download';
import { domainsCsv } from '../lib/domains-csv';

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
      const rows = await fetchAllDomains(search, orderBy);
      if (rows.length === 0) {
        notifyFailure(MSG.noDataToDownload);
      } else if (kind === 'csv') {
        saveCsv('domains_list.csv', domainsCsv(rows));
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
