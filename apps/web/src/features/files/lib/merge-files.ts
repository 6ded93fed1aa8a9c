import type { ExportFile, FileList } from '@pushdeck/contracts';

/**
 * One list from getCSVList's two (part 1 §4): in-progress files first, then ready and failed ones, newest first in
 * each; a file in both lists (it finished between the two reads) is listed once, as finished.
 */
export function mergeFileLists(list: FileList): ExportFile[] {
  const byName = new Map<string, ExportFile>();
  for (const f of list.in_progress) byName.set(f.basename, f);
  for (const f of list.ready) byName.set(f.basename, f);
  const newest = (a: ExportFile, b: ExportFile) => b.cTime.localeCompare(a.cTime);
  const all = [...byName.values()];
  return [
    ...all.filter((f) => f.status === 'in_progress').sort(newest),
    ...all.filter((f) => f.status !== 'in_progress').sort(newest),
  ];
}

/** "12.3 KB": a file size for people. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Percent of rows written, 0–100 (0 when the total is not known yet). */
export function progressPercent(f: Pick<ExportFile, 'progress'>): number {
  const { rows, total } = f.progress;
  return total > 0 ? Math.min(100, Math.round((rows / total) * 100)) : 0;
}
