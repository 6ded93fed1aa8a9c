import type { EndpointPolicy } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { TriggerScheduler } from './tracking/tracking.service.ts';

/** What every module's route registrar receives from buildApp. */
export interface ModuleDeps {
  db: Kysely<DB>;
  config: AppConfig;
  secret: string;
  box: SecretBox;
  triggers: TriggerScheduler;
  endpointPolicy: EndpointPolicy;
  jobs?: JobRunner;
}
