/**
 * The journeys use the server tests' S3 stand-in: a real S3-compatible server (s3rver, from npm) behind a front that
 * verifies every request's V4 signature, on a free local port with one bucket.
 */
export { S3_KEY, startS3 } from '../../apps/server/src/test/s3-server.ts';
