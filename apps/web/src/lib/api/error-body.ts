// The API's error body schema, loaded by api-client.ts with the first error response (it brings zod).
export { apiErrorSchema } from '@pushdeck/contracts';
