import { type ExportStarted, FILES_MSG } from '@pushdeck/contracts';
import { useEffect } from 'react';
import { notifyFailure, showExportStarted } from '@/components/feedback/notify';
import { api, errorMessage, parseLater } from '@/lib/api';
import { subscribeFileEvents } from '@/lib/live/live-events';

// The answers' schemas load with the first call (the export buttons are on the first load, which has no zod: issue 17).
const schemas = () => import('./export-schemas');

/** The exports this tab started and waits for: their file opens here when ready (only for the user who asked). */
const pending = new Set<string>();

/** A file's download address: the server's link names the file's client (a new tab sends no `client` header). */
export function downloadUrl(link: string): string {
  return link;
}

/**
 * Starts an export on the server (every export button): the warning dialog when it begins ('It can take up to
 * 15 minutes.'), the server's text when it refuses ('No data available. …', 'Provided invalid type.', one at a
 * time). The file opens in a new tab when it is ready. Answers the started file, or null.
 */
export async function startServerExport(start: () => Promise<unknown>): Promise<ExportStarted | null> {
  try {
    const started = (await parseLater(start(), schemas, 'exportStartedResponse')).data;
    pending.add(started.basename);
    showExportStarted();
    return started;
  } catch (error) {
    notifyFailure(errorMessage(error, FILES_MSG.failed));
    return null;
  }
}

function settle(basename: string, status: string, link: string | null): void {
  if (!pending.has(basename) || status === 'in_progress') return;
  pending.delete(basename);
  if (status === 'ready' && link) window.open(downloadUrl(link), '_blank', 'noopener');
  else notifyFailure(FILES_MSG.failed);
}

async function settleFromList(): Promise<void> {
  if (pending.size === 0) return;
  const list = await parseLater(api.get<unknown>('/v1/files/getCSVList'), schemas, 'fileListSchema');
  for (const f of list.ready) settle(f.basename, f.status, f.link);
}

/**
 * Mounted once in the signed-in layout: opens the asker's file when its job reports ready (matching userId), tells
 * them when it failed, and after a dropped stream reconnects reads the list so a final status sent meanwhile is
 * not lost.
 */
export function ExportWatcher({ userId }: { userId: number }) {
  useEffect(
    () =>
      subscribeFileEvents(
        (event) => {
          if (event.userId === userId) settle(event.basename, event.status, event.link);
        },
        () => void settleFromList().catch(() => {}),
      ),
    [userId],
  );
  return null;
}
