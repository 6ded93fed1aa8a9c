import { Worker } from 'node:worker_threads';

/** What an export thread needs: its own connection to the same PostgreSQL, the instance secret, the data folder. */
export interface ExportThreadInput {
  databaseUrl: string;
  secret: string;
  dataDir: string;
  fileId: number;
}

export interface ExportThreadOptions {
  /** export-thread.js next to the bundle, or export-thread.ts when the server runs from source (tsx). */
  script: URL;
  /** The thread's old-space cap; its young generation is capped too (a fast export's garbage is young). */
  heapMb: number;
}

/** The thread's script for a server started from `mainUrl` (dist/server.js, or src/server.ts under tsx). */
export function exportThreadScript(mainUrl: string): URL {
  return mainUrl.endsWith('.ts')
    ? new URL('./modules/exports/export-thread.ts', mainUrl)
    : new URL('./export-thread.js', mainUrl);
}

/**
 * Runs one export (ExportsService.run) in a worker thread whose heap is capped: whatever the file's size, the
 * process's memory stays flat, and formatting a million rows does not hold up the API's event loop. Resolves when the
 * thread has finished the file (ready, or failed and recorded by the thread); rejects when the thread itself died
 * (out of memory, lost connection), which the caller records.
 */
export function runExportInThread(input: ExportThreadInput, options: ExportThreadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.script, {
      workerData: input,
      resourceLimits: {
        maxOldGenerationSizeMb: options.heapMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.round(options.heapMb / 4)),
      },
      execArgv: options.script.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [],
    });
    let failure: Error | undefined;
    worker.once('error', (err) => {
      failure = err;
    });
    worker.once('exit', (code) => {
      if (!failure && code === 0) resolve();
      else reject(failure ?? new Error(`the export thread stopped with exit code ${code}`));
    });
  });
}
