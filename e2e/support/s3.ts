import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The access key and secret s3rver accepts. */
export const S3_KEY = { username: 'S3RVER', password: 'S3RVER' };

/** A real S3-compatible server (s3rver from npm) on a free local port with one bucket, files in a temp folder. */
export async function startS3(bucket = 'journey-images') {
  const directory = await mkdtemp(path.join(tmpdir(), 'pushdeck-e2e-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
