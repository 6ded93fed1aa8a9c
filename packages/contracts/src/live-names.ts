// The live events' names and channels, apart from jobs.ts's payload schemas: the console's first load has no zod
// (issue 17). jobs.ts re-exports them.

/**
 * Live events pushed to the console (part 1 §3 "File status event"), declared once for the server that emits them and
 * the console that listens. Copy jobs have none: the console polls job-status every 5 s, as part 2 §4 says.
 */
export const LIVE_EVENTS = {
  fileStatus: 'file.status-updated',
} as const;

/** The channel each live event goes out on (the SSE data's `channel`). */
export const LIVE_CHANNELS = {
  [LIVE_EVENTS.fileStatus]: 'files',
} as const;
