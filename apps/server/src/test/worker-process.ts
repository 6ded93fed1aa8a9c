// A delivery worker in its own process, for the fault test: consumes the fan-out and send queues.
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/connect.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { SecretBox } from '../lib/crypto.ts';
import { MessageTokens } from '../lib/message-token.ts';
import { createDelivery } from '../modules/delivery/delivery.ts';

const url = process.env.WORKER_DATABASE_URL!;
const secret = process.env.WORKER_SECRET!;
const ca = readFileSync(process.env.WORKER_CA_FILE!, 'utf8');
const handle = await openPostgres(url);
const log = pino({ level: 'silent' });
const jobs = new JobRunner(handle, log);
createDelivery({
  db: handle.db,
  jobs,
  config: loadConfig({}),
  box: new SecretBox(secret),
  tokens: new MessageTokens(secret),
  log,
  local: { origin: process.env.WORKER_PUSH_ORIGIN!, ca },
  sender: { concurrency: Number(process.env.WORKER_CONCURRENCY ?? 4), maxAttempts: 3, backoffBaseMs: 50 },
});
await jobs.start({ work: true });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void jobs.stop().then(() => process.exit(0));
});
