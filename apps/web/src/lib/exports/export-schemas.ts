import { exportStartedSchema, wrapped } from '@pushdeck/contracts';

// The export calls' answers, loaded alongside the first call (the dashboard's export buttons are on the first load,
// which has no zod: issue 17).

export { fileListSchema } from '@pushdeck/contracts';

export const exportStartedResponse = wrapped(exportStartedSchema);
