import { gettingStartedSchema, wrapped } from '@pushdeck/contracts';

/** GET /v1/getting-started's answer, loaded with the call (getting-started-api.ts). */
export const gettingStartedResponse = wrapped(gettingStartedSchema);
