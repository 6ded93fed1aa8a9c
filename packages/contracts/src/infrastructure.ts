import { z } from 'zod';
import { ID_MAX } from './api.ts';

/**
 * Infrastructure administration (issue #16; spec part 2 §2, §3, §4, §5, §7, §8): database clusters and their
 * sub-databases, the API and database connections bound to each website, and each client's image storage.
 * Passwords travel only inward: responses say `password_set`, never the password.
 */
export const INFRA_MSG = {
  fillRequired: 'Fill the required fields out!',
  defaultFlag: 'Value must be either 0 or 1.',
  clusterRequired: 'Fill out the cluster required fields!',
  clusterSyncFailed: 'Failed to sync cluster / change activeness!',
  driver: 'Only PostgreSQL (pgsql) is supported.',
  port: 'The port must be a number from 1 to 65535.',
  /** Every failed connection test that is not a PostgreSQL server's own answer: one text, whatever the cause. */
  noPostgres: 'No PostgreSQL server answered at this host and port.',
  clusterHost:
    'This host is not allowed: the database servers this instance may connect to are listed in PUSHDECK_CLUSTER_HOSTS.',
  s3Host:
    'This host is not allowed: S3 endpoints on loopback, private or link-local addresses must be listed in PUSHDECK_S3_HOSTS.',
  s3HostStored:
    "This client's image storage names an S3 endpoint that is no longer allowed (PUSHDECK_S3_HOSTS): an administrator must change it.",
  clusterNotFound: 'Cluster not found.',
  dbSubNotFound: 'Db sub not found.',
  connectionNotFound: 'Connection not found.',
  websiteNotFound: 'Website not found.',
  notBound: 'This connection is not bound to the website.',
  unknownClient: 'Unknown client.',
  shardTaken: 'This cluster already has a db sub with this shard number.',
  apiUrl: 'An API connection’s attribute is its base URL (http or https), e.g. https://eu1.push.example.com.',
  storageConfigFailed: 'Fail to update image storage config!',
  storagePathFailed: 'Fail to update image storage path!',
  storageDriver: 'The driver must be local or s3.',
  publicFolder: 'Letters, digits, dots, dashes and underscores, in segments separated by /.',
  publicDomain: 'The public domain must be an http or https URL.',
  storageHost: 'The host must be the http or https URL of the S3 endpoint.',
  bucket: 'For s3 the document root is the bucket name (3–63 lowercase letters, digits, dots, dashes).',
  confirmMaster: "You wiil change the 'master'. It is extremely important.",
  changed: 'Changed',
  cancelled: 'Cancelled',
  unbound: 'Unbound!',
  unboundText: 'Your bundle has been unbound.',
  /** Bind's success (the spec gives none): which connection, of which kind, is now bound. */
  boundConnection: (kind: string, name: string, id: number) => `${kind} connection ${name} (#${id}) has been bound.`,
  unbindCancelled: 'Cancelled!',
  unbindCancelledText: 'Bundle is safe :)',
} as const;

const ACTIVE = z.union([z.literal(0), z.literal(1)], { error: 'is_active must be 0 or 1.' });
const required = (max = 255) =>
  z.string({ error: INFRA_MSG.fillRequired }).trim().min(1, INFRA_MSG.fillRequired).max(max);
const port = z.coerce
  .number({ error: INFRA_MSG.fillRequired })
  .int(INFRA_MSG.port)
  .min(1, INFRA_MSG.port)
  .max(65535, INFRA_MSG.port);

/** A database server to connect to (spec: driver, host, port, database, username, password). PostgreSQL only. */
export const dbConfigInputSchema = z.object({
  driver: z.literal('pgsql', { error: INFRA_MSG.driver }).default('pgsql'),
  host: required(),
  port,
  database: required(),
  username: required(),
  /** Required on create; left out (or empty) on edit keeps the stored one. */
  password: z.string().max(1024).optional(),
});
export type DbConfigInput = z.infer<typeof dbConfigInputSchema>;

/** As the API shows a stored database config: everything but the password. */
export const dbConfigSchema = z.object({
  driver: z.string(),
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  username: z.string(),
  password_set: z.boolean(),
});
export type DbConfig = z.infer<typeof dbConfigSchema>;

/** What a connection test found: reachable with the server's version and the round trip, or the error. */
export const connectionCheckSchema = z.object({
  reachable: z.boolean(),
  version: z.string().nullable(),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
  checked_at: z.string(),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const dbSubSchema = z.object({
  id: z.number().int(),
  cluster_id: z.number().int(),
  name: z.string(),
  region: z.string(),
  shard_number: z.number().int(),
  is_active: z.number().int(),
  config: dbConfigSchema,
  /** On create and update: the check made on save. */
  check: connectionCheckSchema.optional(),
});
export type DbSub = z.infer<typeof dbSubSchema>;

export const clusterSchema = z.object({
  id: z.number().int(),
  cluster_uid: z.string(),
  cluster_name: z.string(),
  is_active: z.number().int(),
  default: z.number().int(),
  db_entities_master: dbConfigSchema,
  db_subs: z.array(dbSubSchema),
  clients: z.array(z.object({ id: z.number().int(), client_uid: z.string(), name: z.string() })),
  check: connectionCheckSchema.optional(),
});
export type Cluster = z.infer<typeof clusterSchema>;

const defaultFlag = z.coerce
  .number({ error: INFRA_MSG.defaultFlag })
  .refine((v) => v === 0 || v === 1, INFRA_MSG.defaultFlag);
const dbSubFields = {
  name: required(),
  region: required(100),
  shard_number: z.coerce.number({ error: INFRA_MSG.fillRequired }).int().min(0).max(100000),
};
const bodyId = z.number().int().positive().max(ID_MAX);
const clientIds = z.array(bodyId).max(10000);

/** A db sub as part of a new cluster. */
export const newDbSubSchema = z.object({ ...dbSubFields, config: dbConfigInputSchema });

/** POST /management/clusters (spec §5: name, driver, host, default, a sub-database and a client). */
export const createClusterBodySchema = z.object({
  cluster_name: required(),
  default: defaultFlag,
  is_active: ACTIVE.optional(),
  db_entities_master: dbConfigInputSchema,
  db_subs: z.array(newDbSubSchema, { error: INFRA_MSG.fillRequired }).min(1, INFRA_MSG.fillRequired).max(100),
  client_ids: clientIds.min(1, INFRA_MSG.fillRequired),
});
export type CreateClusterBody = z.infer<typeof createClusterBodySchema>;

/** PUT /management/clusters/{id}: any of name, default, activeness, master config, assigned clients. */
export const updateClusterBodySchema = z
  .object({
    id: z.number().int().optional(),
    cluster_name: required().optional(),
    default: defaultFlag.optional(),
    is_active: ACTIVE.optional(),
    db_entities_master: dbConfigInputSchema.optional(),
    client_ids: clientIds.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'id'), { message: INFRA_MSG.fillRequired });
export type UpdateClusterBody = z.infer<typeof updateClusterBodySchema>;

export const createDbSubBodySchema = z.object({
  cluster_id: z.number({ error: INFRA_MSG.fillRequired }).int().positive().max(ID_MAX),
  ...dbSubFields,
  is_active: ACTIVE.optional(),
  config: dbConfigInputSchema,
});
export type CreateDbSubBody = z.infer<typeof createDbSubBodySchema>;

export const updateDbSubBodySchema = z
  .object({
    id: z.number().int().optional(),
    cluster_id: bodyId.optional(),
    name: dbSubFields.name.optional(),
    region: dbSubFields.region.optional(),
    shard_number: dbSubFields.shard_number.optional(),
    is_active: ACTIVE.optional(),
    config: dbConfigInputSchema.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'id' && k !== 'cluster_id'), { message: INFRA_MSG.fillRequired });
export type UpdateDbSubBody = z.infer<typeof updateDbSubBodySchema>;

/** POST /management/clusters/test: a config to try, or an existing cluster/db sub (its stored password fills in). */
export const testConnectionBodySchema = z.object({
  config: dbConfigInputSchema,
  cluster_id: bodyId.optional(),
  db_sub_id: bodyId.optional(),
});
export type TestConnectionBody = z.infer<typeof testConnectionBodySchema>;

// ---------- Connections (spec part 2 §3 Connection, §4, §7 Connections) ----------

export const CONNECTION_TYPES = ['api', 'db'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const connectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The address: an API connection's base URL (what pushmine.js and sw_pm.js call); a db connection's host. */
  attribute: z.string(),
  number: z.number().int().nullable(),
  tag: z.string().nullable(),
  datacenter: z.string().nullable(),
  is_active: z.number().int(),
  region: z.string().nullable(),
  type: z.enum(CONNECTION_TYPES),
  /** On a website's connections: how it is bound. */
  pivot: z.object({ connection_id: z.number().int(), type: z.enum(['master', 'slave']) }).optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const connectionFields = {
  name: required(),
  attribute: required(500),
  number: z.coerce.number().int().min(0).max(1_000_000_000).nullish(),
  tag: optionalText(100),
  datacenter: optionalText(100),
  region: optionalText(100),
  is_active: ACTIVE.optional(),
};

const apiAttributeOk = (v: { type?: string; attribute?: string }) =>
  v.type !== 'api' || v.attribute === undefined || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v.attribute);

export const createConnectionBodySchema = z
  .object({ ...connectionFields, type: z.enum(CONNECTION_TYPES, { error: 'The type must be api or db.' }) })
  .refine(apiAttributeOk, { message: INFRA_MSG.apiUrl, path: ['attribute'] });
export type CreateConnectionBody = z.infer<typeof createConnectionBodySchema>;

/** PUT /connections: the connection's id and what changes (its type never changes). */
export const updateConnectionBodySchema = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX),
  name: connectionFields.name.optional(),
  attribute: connectionFields.attribute.optional(),
  number: connectionFields.number,
  tag: z.string().trim().max(100).nullish(),
  datacenter: z.string().trim().max(100).nullish(),
  region: z.string().trim().max(100).nullish(),
  is_active: ACTIVE.optional(),
});
export type UpdateConnectionBody = z.infer<typeof updateConnectionBodySchema>;

const queryId = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .regex(/^[1-9][0-9]{0,9}$/, `${field} must be an id.`)
    .transform(Number)
    .refine((n) => n <= ID_MAX, `${field} must be an id.`);

/** Query or body of the per-website calls: domain_id. */
export const domainIdQuerySchema = z.object({ domain_id: queryId('domain_id') });

/** changeMasterDomainConnection{DB,API}: domain_ids (comma list or repeated) and connection_id. */
export const changeMasterQuerySchema = z.object({
  domain_ids: z
    .union([z.string(), z.array(z.string())], { error: 'domain_ids is required.' })
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[1-9][0-9]{0,9}$/, 'domain_ids must be ids.')
            .transform(Number),
        )
        .min(1, 'domain_ids is required.')
        .max(1000),
    ),
  connection_id: queryId('connection_id'),
});

export const bindConnectionQuerySchema = z.object({
  domain_id: queryId('domain_id'),
  connection_id: queryId('connection_id'),
  /** Bind straight as master (the others of its kind become slave); slave by default. */
  type: z.enum(['master', 'slave']).optional(),
});

export const bindGeoQuerySchema = z.object({
  domain_id: queryId('domain_id'),
  /** Only API or only DB connections; both when left out. */
  type: z.enum(CONNECTION_TYPES).optional(),
});

export const connectionListQuerySchema = z.object({
  'where[type]': z.enum(CONNECTION_TYPES, { error: 'where[type] must be api or db.' }).optional(),
  'where[is_active]': z.enum(['0', '1']).transform(Number).optional(),
});

// ---------- Image storage per client (spec part 2 §3 Client, §5, §8) ----------

export const IMAGE_STORAGE_DRIVERS = ['local', 's3'] as const;
export type ImageStorageDriver = (typeof IMAGE_STORAGE_DRIVERS)[number];

const folderSegments = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;
const noDots = (v: string) => !v.split('/').some((s) => s === '.' || s === '..');
const httpUrl = (msg: string) =>
  required(500).refine((v) => v === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v), { message: msg });

/** PUT /management/clients/{id} with images_storage: every field required (the password may be kept on edit). */
export const imageStorageInputSchema = z
  .object({
    IMAGES_STORAGE_DRIVER: z.enum(IMAGE_STORAGE_DRIVERS, { error: INFRA_MSG.storageDriver }),
    IMAGES_STORAGE_HOST: required(500),
    IMAGES_STORAGE_USERNAME: required(),
    /** Left out or empty on edit: the stored one is kept. */
    IMAGES_STORAGE_PASSWORD: z.string().max(1024).optional(),
    IMAGES_STORAGE_PUBLIC_DOMAIN: httpUrl(INFRA_MSG.publicDomain),
    IMAGES_STORAGE_DOC_ROOT: required(500),
    IMAGES_STORAGE_PUBLIC_ROOT: required(200).refine(
      (v) => v === '' || v === '/' || (folderSegments.test(v) && noDots(v)),
      {
        message: INFRA_MSG.publicFolder,
      },
    ),
  })
  .superRefine((v, ctx) => {
    if (v.IMAGES_STORAGE_DRIVER === 's3') {
      if (!/^https?:\/\/[^\s/?#]+\/?$/i.test(v.IMAGES_STORAGE_HOST)) {
        ctx.addIssue({ code: 'custom', message: INFRA_MSG.storageHost, path: ['IMAGES_STORAGE_HOST'] });
      }
      if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v.IMAGES_STORAGE_DOC_ROOT)) {
        ctx.addIssue({ code: 'custom', message: INFRA_MSG.bucket, path: ['IMAGES_STORAGE_DOC_ROOT'] });
      }
    } else if (!v.IMAGES_STORAGE_DOC_ROOT.startsWith('/')) {
      ctx.addIssue({
        code: 'custom',
        message: 'For local the document root is an absolute folder on the server.',
        path: ['IMAGES_STORAGE_DOC_ROOT'],
      });
    }
  });
export type ImageStorageInput = z.infer<typeof imageStorageInputSchema>;

/** As the API shows a client's image storage: every field but the password, and whether one is stored. */
export const imageStorageSchema = z.object({
  IMAGES_STORAGE_DRIVER: z.enum(IMAGE_STORAGE_DRIVERS),
  IMAGES_STORAGE_HOST: z.string(),
  IMAGES_STORAGE_USERNAME: z.string(),
  IMAGES_STORAGE_PUBLIC_DOMAIN: z.string(),
  IMAGES_STORAGE_DOC_ROOT: z.string(),
  IMAGES_STORAGE_PUBLIC_ROOT: z.string(),
  password_set: z.boolean(),
});
export type ImageStorage = z.infer<typeof imageStorageSchema>;

/** The folder under the storage's public root where this client's images go. */
export const imagesPublicFolderSchema = z
  .string({ error: INFRA_MSG.fillRequired })
  .trim()
  .min(1, INFRA_MSG.fillRequired)
  .max(200)
  .refine((v) => v === '' || (folderSegments.test(v) && noDots(v)), { message: INFRA_MSG.publicFolder });
