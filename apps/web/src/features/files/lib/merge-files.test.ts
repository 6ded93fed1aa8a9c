import type { ExportFile } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { formatSize, mergeFileLists, progressPercent } from './merge-files';

const file = (basename: string, status: ExportFile['status'], cTime: string): ExportFile => ({
  basename,
  extension: 'csv',
  cTime,
  size: 10,
  status,
  link: status === 'ready' ? `/api/v1/files/download/${basename}` : null,
  progress: { rows: 5, total: 10 },
  userId: 1,
});

describe('the Files list', () => {
  it('lists in-progress files first, then finished ones, newest first, each basename once (finished wins)', () => {
    const merged = mergeFileLists({
      in_progress: [
        file('b.csv', 'in_progress', '2026-11-02T00:00:00Z'),
        file('c.csv', 'in_progress', '2026-11-03T00:00:00Z'),
      ],
      ready: [
        file('a.csv', 'ready', '2026-11-01T00:00:00Z'),
        file('b.csv', 'ready', '2026-11-02T00:00:00Z'),
        file('d.csv', 'failed', '2026-11-04T00:00:00Z'),
      ],
    });
    expect(merged.map((f) => [f.basename, f.status])).toEqual([
      ['c.csv', 'in_progress'],
      ['d.csv', 'failed'],
      ['b.csv', 'ready'],
      ['a.csv', 'ready'],
    ]);
  });

  it('shows sizes and progress for people', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(progressPercent({ progress: { rows: 250, total: 1000 } })).toBe(25);
    expect(progressPercent({ progress: { rows: 3, total: 0 } })).toBe(0);
  });
});
