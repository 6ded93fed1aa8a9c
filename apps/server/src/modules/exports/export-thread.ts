// An export's worker thread (export-threads.ts starts it with a capped heap): runs one file on a connection of its
// own. Its live events go out by NOTIFY like any worker process's; the API processes' listeners pass them on.
import { workerData } from 'node:worker_threads';
import { openPostgres } from '../../db/connect.ts';
import { SecretBox } from '../../lib/crypto.ts';
import { PgLiveBus } from '../../lib/live-events.ts';
import { createExports } from '../../worker-services.ts';
import type { ExportThreadInput } from './export-threads.ts';

const input = workerData as ExportThreadInput;
const handle = await openPostgres(input.databaseUrl, (err) => {
  throw err;
});
try {
  const exports = createExports({
    db: handle.db,
    box: new SecretBox(input.secret),
    dataDir: input.dataDir,
    live: new PgLiveBus(input.databaseUrl, handle.db),
  });
  await exports.run(input.fileId);
} finally {
  await handle.close();
}
