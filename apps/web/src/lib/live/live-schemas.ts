// The live events' payload schemas, loaded with the first event (the signed-in shell listens from its first load,
// which has no zod: issue 17).
export { liveEventSchemas } from '@pushdeck/contracts';
