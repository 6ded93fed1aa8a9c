// The export files' statuses and texts, apart from files.ts's schemas: the console's first load (the export buttons of
// the dashboard) has no zod (issue 17). files.ts re-exports them.

/** Export files (part 1 §2 Files, §3 File, §4 Files, §5 export texts; issue #14). */
export const FILE_STATUSES = ['in_progress', 'ready', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** What the Files screen and the export buttons say (part 1 §5, §8). */
export const FILES_MSG = {
  noData: 'No data available. Please ensure you have the required data before attempting to retrieve the file.',
  invalidType: 'Provided invalid type.',
  noDataToDownload: 'No data to download!',
  fillRequired: 'Fill out the required fields!',
  /** Said under fillRequired: which of the Custom Export's fields are still empty (the form marks them too). */
  missingFields: (labels: readonly string[]) => `Missing: ${labels.join(', ')}.`,
  failed: 'Failed to generate file.',
  removed: 'The file has been successfully removed.',
  inProcess: 'In Process',
  completed: 'Completed',
  oneAtATime: 'An export of yours is still being generated. Wait until it is ready, then start the next one.',
  notFound: 'File not found.',
} as const;
