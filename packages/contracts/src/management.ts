import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { imageStorageInputSchema, imageStorageSchema, imagesPublicFolderSchema } from './infrastructure.ts';
import { MSG } from './messages.ts';

/** Texts of the administration calls (spec part 2 §5, §8; issue #13). */
export const MANAGEMENT_MSG = {
  fillRequired: 'Fill the required fields!',
  passwordConfirm: 'The password confirmation does not match!',
  roleNameRequired: 'Fill out the role name',
  isActive: 'is_active must be 0 or 1.',
  nothingToUpdate: 'Send name or is_active.',
  userNothingToUpdate: 'Send is_active, roles or permissions.',
  clientInactive: 'This client is inactive: its websites accept no new subscriptions.',
  clientCreated: 'Client has been successfully created!',
  unknownRole: 'Unknown role.',
  unknownPermission: 'Unknown permission.',
  nameTaken: 'This name is already taken.',
} as const;

const email = z
  .string({ error: MANAGEMENT_MSG.fillRequired })
  .trim()
  .min(1, MANAGEMENT_MSG.fillRequired)
  .max(LIMITS.emailMax)
  .pipe(z.email({ error: MSG.invalidEmail }));
const name = z
  .string({ error: MANAGEMENT_MSG.fillRequired })
  .trim()
  .min(1, MANAGEMENT_MSG.fillRequired)
  .max(LIMITS.nameMax);
const password = z.string({ error: MANAGEMENT_MSG.fillRequired }).min(LIMITS.passwordMin, MSG.passwordMin).max(1024);
const confirmation = z.string({ error: MANAGEMENT_MSG.fillRequired }).min(1, MANAGEMENT_MSG.fillRequired).max(1024);
const activeFlag = z.union([z.literal(0), z.literal(1)], { error: MANAGEMENT_MSG.isActive });
const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation;
const confirmIssue = { message: MANAGEMENT_MSG.passwordConfirm, path: ['password_confirmation'] };

/** A user as the management calls show it (never the password). */
export const managedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  client_id: z.number().int().nullable(),
  client_uid: z.string().nullable(),
  /** The client's name (what the console shows; the uid is its id), null without a client. */
  client_name: z.string().nullable(),
  is_active: z.number().int(),
  /** The first role's name (a user has one role in the console), null without one. */
  role_name: z.string().nullable(),
  roles: z.array(z.string()),
  /** Direct permissions (on top of the role's). */
  permissions: z.array(z.string()),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedClientSchema = z.object({
  id: z.number().int(),
  client_uid: z.string(),
  name: z.string(),
  is_active: z.number().int(),
  /** With `with[users]=*`. */
  users: z.array(managedUserSchema).optional(),
  /** The database cluster holding the client's data (issue #16), null when none is assigned. */
  cluster_id: z.number().int().nullable().optional(),
  /** The client's own image storage (issue #16), null: the instance's local uploads folder. Never the password. */
  images_storage: imageStorageSchema.nullable().optional(),
  images_storage_public_folder: z.string().nullable().optional(),
  /** With `with[users]=*`: true while a deletion of the client is queued or running (issue #25). */
  deleting: z.boolean().optional(),
});
export type ManagedClient = z.infer<typeof managedClientSchema>;

/** POST /management/clients: the client and its first user (role client). */
export const createClientBodySchema = z
  .object({ name, email, password, password_confirmation: confirmation })
  .refine(confirmed, confirmIssue);
export type CreateClientBody = z.infer<typeof createClientBodySchema>;

/**
 * PUT /management/clients/{id}: rename and/or switch on or off; or set the image storage (issue #16: the config,
 * null for the instance's local folder, and/or the public folder).
 */
export const updateClientBodySchema = z
  .object({
    id: z.number().int().optional(),
    name: name.optional(),
    is_active: activeFlag.optional(),
    images_storage: imageStorageInputSchema.nullable().optional(),
    images_storage_public_folder: imagesPublicFolderSchema.nullable().optional(),
    /** The cluster holding the client's data (issue #16); null: none. */
    cluster_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .refine(
    (v) =>
      v.name !== undefined ||
      v.is_active !== undefined ||
      v.images_storage !== undefined ||
      v.images_storage_public_folder !== undefined ||
      v.cluster_id !== undefined,
    { message: MANAGEMENT_MSG.nothingToUpdate },
  );
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

/** GET /management/users: filters and paging (page from 1, pageLength 1–200, default 25). */
export const userListQuerySchema = z.object({
  client_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'client_id must be an id.')
    .transform(Number)
    .optional(),
  role: z.string().trim().min(1).max(255).optional(),
  is_active: z.enum(['0', '1'], { error: MANAGEMENT_MSG.isActive }).transform(Number).pipe(activeFlag).optional(),
  search: z.string().max(255).optional(),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'page must be a number from 1.')
    .transform(Number)
    .default(1),
  pageLength: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'pageLength must be 1 to 200.')
    .transform(Number)
    .pipe(z.number().max(200, 'pageLength must be 1 to 200.'))
    .default(25),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** POST /management/users: every field required. */
export const createUserBodySchema = z
  .object({
    name,
    email,
    password,
    password_confirmation: confirmation,
    client_id: z.number({ error: MANAGEMENT_MSG.fillRequired }).int().positive(),
    role: z.string({ error: MANAGEMENT_MSG.fillRequired }).trim().min(1, MANAGEMENT_MSG.fillRequired).max(255),
  })
  .refine(confirmed, confirmIssue);
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

const permissionNames = z.array(z.string().trim().min(1).max(255)).max(500);

/** PUT /management/users/{id}: one of is_active, roles (synced, in order), permissions (direct, synced). */
export const updateUserBodySchema = z
  .object({
    id: z.number().int().optional(),
    is_active: activeFlag.optional(),
    roles: z.array(z.string().trim().min(1).max(255)).min(1).max(20).optional(),
    permissions: permissionNames.optional(),
  })
  .refine((v) => v.is_active !== undefined || v.roles !== undefined || v.permissions !== undefined, {
    message: MANAGEMENT_MSG.userNothingToUpdate,
  });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  guard_name: z.string(),
  permissions: z.array(z.string()),
  /** How many users hold the role. */
  users_count: z.number().int(),
  /** A built-in role: never renamed or deleted. */
  built_in: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  guard_name: z.string(),
  roles: z.array(z.string()),
  /** A permission the console's guards use: never renamed or deleted. */
  built_in: z.boolean(),
});
export type PermissionRow = z.infer<typeof permissionSchema>;

const roleName = z
  .string({ error: MANAGEMENT_MSG.roleNameRequired })
  .trim()
  .min(1, MANAGEMENT_MSG.roleNameRequired)
  .max(255)
  .regex(/^[A-Za-z0-9_.:-]*$/, 'Letters, digits, dots, dashes and underscores only.');

export const createRoleBodySchema = z.object({ name: roleName, permissions: permissionNames.optional() });
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;

/** PUT /management/roles/{id}: rename (name) or sync (permissions). */
export const updateRoleBodySchema = z
  .object({ id: z.number().int().optional(), name: roleName.optional(), permissions: permissionNames.optional() })
  .refine((v) => v.name !== undefined || v.permissions !== undefined, { message: MANAGEMENT_MSG.roleNameRequired });
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

export const permissionBodySchema = z.object({ id: z.number().int().optional(), name: roleName });
export type PermissionBody = z.infer<typeof permissionBodySchema>;

export const AUDIT_ACTIONS = [
  'client.create',
  'client.update',
  'user.create',
  'user.update',
  'user.delete',
  'role.create',
  'role.update',
  'role.delete',
  'permission.create',
  'permission.update',
  'permission.delete',
  'impersonation.start',
  'impersonation.end',
  'client.images_storage',
  'cluster.create',
  'cluster.update',
  'cluster.delete',
  'db_sub.create',
  'db_sub.update',
  'db_sub.delete',
  'connection.create',
  'connection.update',
  'connection.delete',
  'connection.bind',
  'connection.unbind',
  'plan.create',
  'plan.update',
  'plan.delete',
  'client.plan',
  'plan_request.decide',
  'connection.master',
  'client.delete',
  'api_key.create',
  'api_key.revoke',
  'api_key.use',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One audit row: who (actor), acting as whom (impersonator), what, before → after, when, from where. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  impersonator_id: z.number().int().nullable(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
