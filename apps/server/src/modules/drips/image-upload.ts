import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DRIP_LIMITS, DRIP_MSG, MSG } from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';

export type ImageKind = 'icon' | 'image';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;
/** `<client id>/<32 hex>.<png|jpg>`: the only shape an upload path can have, so no path can leave the folder. */
const STORED = /^(\d{1,10})\/([a-f0-9]{32})\.(png|jpg)$/;

/** png or jpeg by their first bytes (the file name and the browser's content type are not trusted). */
export function imageFormat(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** An upload a client may store: its client, and png or jpeg within the kind's size limit (else a 422). */
export function checkUpload(
  actor: Actor,
  kind: ImageKind,
  bytes: unknown,
): { clientId: number; format: 'png' | 'jpg'; bytes: Buffer } {
  if (actor.clientId === null) throw new ValidationError({ client: [MSG.selectClient] });
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new ValidationError({ image: [DRIP_MSG.imageRequired] });
  const limit = kind === 'icon' ? DRIP_LIMITS.iconBytes : DRIP_LIMITS.imageBytes;
  if (bytes.length > limit) throw new ValidationError({ image: [DRIP_MSG.imageSize(kind)] });
  const format = imageFormat(bytes);
  if (!format) throw new ValidationError({ image: [DRIP_MSG.imageType] });
  return { clientId: actor.clientId, format, bytes };
}

export const IMAGE_CONTENT_TYPES = CONTENT_TYPES;

/** Images for notifications (icon, large image) on local disk under DATA_DIR/uploads, served at /uploads/…. */
export class ImageStore {
  /** Reads the data folder on every call (the config object is the app's; tests point it at a temp folder). */
  constructor(private readonly config: { dataDir: string }) {}

  private get root(): string {
    return path.join(this.config.dataDir, 'uploads');
  }

  /** Checks and stores an upload; returns its path below /uploads/. */
  async save(actor: Actor, kind: ImageKind, bytes: unknown): Promise<string> {
    const { clientId, format, bytes: checked } = checkUpload(actor, kind, bytes);
    const relative = `${clientId}/${randomBytes(16).toString('hex')}.${format}`;
    const file = path.join(this.root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, checked, { flag: 'wx' });
    return relative;
  }

  /** A stored image by its path below /uploads/; 404 for anything else. */
  async open(relative: string): Promise<{ stream: Readable; contentType: string; size: number; name: string }> {
    const m = STORED.exec(relative);
    if (!m) throw notFound();
    const file = path.join(this.root, relative);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    const contentType = CONTENT_TYPES[m[3] as 'png' | 'jpg'];
    return { stream: createReadStream(file), contentType, size: info.size, name: `${m[2]}.${m[3]}` };
  }
}
