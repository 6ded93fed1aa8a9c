import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { MSG } from './messages.ts';

const email = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(LIMITS.emailMax)
  .pipe(z.email({ error: MSG.invalidEmail }));

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const newPassword = z.string({ error: MSG.required }).min(LIMITS.passwordMin, MSG.passwordMin).max(1024);

const withConfirmation = <T extends z.ZodRawShape>(shape: T, field: 'password' | 'new_password') =>
  z
    .object(shape)
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>)[`${field}_confirmation`], {
      message: MSG.passwordConfirm,
      path: [`${field}_confirmation`],
    });

/** Public sign-up: creates a client and its first user (spec part 2 §5 texts). */
export const registerClientBodySchema = withConfirmation(
  {
    name: z.string({ error: MSG.fillRequiredClient }).trim().min(1, MSG.required).max(LIMITS.nameMax),
    email,
    password: newPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
    client_name: z.string().trim().max(LIMITS.nameMax).optional(),
  },
  'password',
);
export type RegisterClientBody = z.infer<typeof registerClientBodySchema>;

/** A user of an existing client, by its client_uid. */
export const registerUserBodySchema = withConfirmation(
  {
    name: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(LIMITS.nameMax),
    email,
    password: newPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
    client_uid: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(64),
  },
  'password',
);
export type RegisterUserBody = z.infer<typeof registerUserBodySchema>;

/** The answer to a user registration: the user, inactive, and `message` (MSG.registeredAwaitingActivation) for it. */
export const registeredUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_active: z.number().int(),
  message: z.string(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

/** Change password: a POST body instead of the spec's GET query (docs/api.md). */
export const changePasswordBodySchema = withConfirmation(
  {
    old_password: z.string({ error: MSG.required }).min(1, MSG.required).max(1024),
    new_password: newPassword,
    new_password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  },
  'new_password',
);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const roleInfoSchema = z.object({ name: z.string(), permissions: z.array(z.string()) });

export const userInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleInfoSchema),
  permissions: z.array(z.string()),
  client_uid: z.string().nullable(),
  client_id: z.number().int().nullable(),
  /** Set while staff impersonate this user: the call that returns them to moderation. */
  backToModerUrl: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const clientSummarySchema = z.object({
  id: z.number().int(),
  client_uid: z.string(),
  name: z.string(),
  is_active: z.number().int(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
