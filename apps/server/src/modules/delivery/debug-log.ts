import type { Logger } from 'pino';

/** The delivery engine's progress lines (LOG_LEVEL=debug): fan-out batches, pushes, recorded results. */
export type DebugLog = Pick<Logger, 'debug'>;
export const SILENT: DebugLog = { debug: () => {} };
