import { registeredUserSchema, userInfoSchema, wrapped } from '@pushdeck/contracts';

// The answers of the auth calls, loaded by auth-api.ts alongside the call (they bring zod, which the console's first
// script does without: issue 17).

export const userInfoResponse = wrapped(userInfoSchema);

/** The answer to a user registration: an inactive user that an administrator must activate. */
export const registeredUserResponse = wrapped(registeredUserSchema);
