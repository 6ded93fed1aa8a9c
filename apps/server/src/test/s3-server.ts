import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The access key and secret s3rver checks request signatures against. */
export const S3_KEY = { username: 'S3RVER', password: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, from npm) on a free local port with one bucket, files in a temp folder: the
 * s3 image storage driver is tested against it, never a mock. Signed requests are verified with S3_KEY; objects are
 * served back to anonymous GETs at `${endpoint}/${bucket}/${key}`.
 */
export async function startS3(bucket = 'pushdeck-images') {
  const directory = await mkdtemp(path.join(tmpdir(), 'pushdeck-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const info = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${info.port}`;
  return {
    endpoint,
    bucket,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
