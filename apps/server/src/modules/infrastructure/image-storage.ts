import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type ImageStorage, type ImageStorageInput, INFRA_MSG } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB, StoredImageStorage } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/errors.ts';
import { checkUpload, IMAGE_CONTENT_TYPES, type ImageKind, type ImageStore } from '../drips/image-upload.ts';
import { ImageStorageRepository } from './image-storage.repository.ts';
import { S3_HOST_REFUSED, type S3HostPolicy } from './s3-hosts.ts';

/** The stored form of a config: every field but the password (sealed apart). */
export const storedOf = (input: ImageStorageInput): StoredImageStorage => ({
  IMAGES_STORAGE_DRIVER: input.IMAGES_STORAGE_DRIVER,
  IMAGES_STORAGE_HOST: input.IMAGES_STORAGE_HOST,
  IMAGES_STORAGE_USERNAME: input.IMAGES_STORAGE_USERNAME,
  IMAGES_STORAGE_PUBLIC_DOMAIN: input.IMAGES_STORAGE_PUBLIC_DOMAIN.replace(/\/+$/, ''),
  IMAGES_STORAGE_DOC_ROOT: input.IMAGES_STORAGE_DOC_ROOT,
  IMAGES_STORAGE_PUBLIC_ROOT: input.IMAGES_STORAGE_PUBLIC_ROOT,
});

/** As the API shows it: never the password, only whether one is stored. */
export const publicOf = (stored: StoredImageStorage | null, sealed: string | null): ImageStorage | null =>
  stored ? { ...stored, password_set: Boolean(sealed) } : null;

const joinKey = (...parts: string[]) =>
  parts
    .flatMap((p) => p.split('/'))
    .filter((p) => p !== '')
    .join('/');

/**
 * Where a client's uploaded icons and images go (issue #16): the client's image storage when it has one, `local` (a
 * folder on this server, published by whatever serves IMAGES_STORAGE_PUBLIC_DOMAIN) or `s3` (any S3-compatible store:
 * endpoint HOST, access key USERNAME, secret PASSWORD, bucket DOC_ROOT), under PUBLIC_ROOT/<public folder or client
 * uid>/; otherwise the instance's own uploads folder, served at /uploads/. The returned full_url points there.
 */
export class ImageStorageService {
  private readonly s3Clients = new Map<string, S3Client>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly local: ImageStore,
    private readonly s3Hosts: S3HostPolicy,
  ) {}

  /** Stores one upload; `instanceBase` is the instance's public address (for the default local folder). */
  async save(actor: Actor, kind: ImageKind, bytes: unknown, instanceBase: string): Promise<string> {
    const { clientId, format } = checkUpload(actor, kind, bytes);
    const client = await new ImageStorageRepository(this.db).ofClient(clientId);
    const config = client?.images_storage;
    if (!client || !config) return `${instanceBase}/uploads/${await this.local.save(actor, kind, bytes)}`;
    const name = `${randomBytes(16).toString('hex')}.${format}`;
    const key = joinKey(
      config.IMAGES_STORAGE_PUBLIC_ROOT,
      client.images_storage_public_folder ?? client.client_uid,
      name,
    );
    const body = bytes as Buffer;
    if (config.IMAGES_STORAGE_DRIVER === 's3') {
      // a config stored before the host was refused (PUSHDECK_S3_HOSTS changed) is not called at all
      if (!this.s3Hosts.allowsEndpoint(config.IMAGES_STORAGE_HOST)) throw new HttpError(409, INFRA_MSG.s3HostStored);
      const secret = client.images_storage_password_sealed ? this.box.open(client.images_storage_password_sealed) : '';
      try {
        await this.s3(config, secret).send(
          new PutObjectCommand({
            Bucket: config.IMAGES_STORAGE_DOC_ROOT,
            Key: key,
            Body: body,
            ContentType: IMAGE_CONTENT_TYPES[format],
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (e) {
        if ((e as { code?: unknown }).code === S3_HOST_REFUSED) throw new HttpError(409, INFRA_MSG.s3HostStored);
        const reason = e instanceof Error ? e.name : 'error';
        throw new HttpError(502, `The image storage refused the upload (${reason}).`);
      }
    } else {
      const file = path.join(config.IMAGES_STORAGE_DOC_ROOT, ...key.split('/'));
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, body, { flag: 'wx' });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? 'error';
        throw new HttpError(502, `The image storage folder cannot be written (${code}).`);
      }
    }
    return `${config.IMAGES_STORAGE_PUBLIC_DOMAIN}/${key}`;
  }

  private agents(endpoint: string) {
    const lookup = this.s3Hosts.lookupFor(endpoint);
    return lookup ? { httpAgent: new HttpAgent({ lookup }), httpsAgent: new HttpsAgent({ lookup }) } : {};
  }

  /** One S3 client per endpoint and key (path-style addressing: works with any S3-compatible store). */
  private s3(config: StoredImageStorage, secret: string): S3Client {
    const id = JSON.stringify([config.IMAGES_STORAGE_HOST, config.IMAGES_STORAGE_USERNAME, secret]);
    let client = this.s3Clients.get(id);
    if (!client) {
      client = new S3Client({
        endpoint: config.IMAGES_STORAGE_HOST,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: config.IMAGES_STORAGE_USERNAME, secretAccessKey: secret },
        maxAttempts: 2,
        // a store that does not answer fails the upload in seconds instead of holding the request; a name is
        // resolved through the host policy at every connection
        requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000, ...this.agents(config.IMAGES_STORAGE_HOST) },
      });
      this.s3Clients.set(id, client);
    }
    return client;
  }
}
