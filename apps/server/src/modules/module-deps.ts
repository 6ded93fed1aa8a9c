import type { AppConfig } from '../config.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { Services } from '../services.ts';

/** What every module's route registrar receives from buildApp: the settings and the services it calls. */
export interface ModuleDeps {
  config: AppConfig;
  services: Services;
  jobs?: JobRunner;
}
