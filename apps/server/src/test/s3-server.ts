import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The access key and secret every signed request must be signed with. */
export const S3_KEY = { username: 'S3RVER', password: 'S3RVER' };

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/**
 * Why a request's AWS Signature Version 4 (Authorization header) does not match S3_KEY's secret, or null when it does.
 * s3rver itself checks only V2 signatures and lets every V4 request through, so this front checks them: a wrong
 * secret is refused as S3 refuses it, and "the kept secret still signs right" means something in the tests.
 */
export function sigV4Mismatch(req: IncomingMessage, body: Buffer, secret = S3_KEY.password): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'not a V4 Authorization header';
  const [, keyId = '', day = '', region = '', service = '', signedHeaders = '', signature = ''] = m;
  if (keyId !== S3_KEY.username) return 'unknown access key';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && !payloadHash.startsWith('STREAMING-') && payloadHash !== sha256(body)) {
    return 'payload hash mismatch';
  }
  const url = new URL(req.url ?? '/', 'http://s3.local');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((h) => {
      const raw = req.headers[h];
      const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
      return `${h}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'signature mismatch';
}

function refuse(res: ServerResponse, why: string): void {
  res.writeHead(403, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>${why}</Message></Error>`,
  );
}

/**
 * A real S3-compatible server (s3rver, from npm) with one bucket, files in a temp folder, behind a front on a free
 * local port that verifies every signed request's V4 signature against S3_KEY (s3rver checks only V2). Anonymous GETs
 * are served back at `${endpoint}/${bucket}/${key}`. The s3 image storage driver is tested against it, never a mock.
 */
export async function startS3(bucket = 'pushdeck-images') {
  const directory = await mkdtemp(path.join(tmpdir(), 'pushdeck-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const inner = (await s3.run()) as { port: number };
  let refused = 0;
  const front = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.headers.authorization) {
        const why = sigV4Mismatch(req, body);
        if (why) {
          refused += 1;
          return refuse(res, why);
        }
      }
      const forward = httpRequest(
        { host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    directory,
    /** How many signed requests the front refused (a wrong secret). */
    refused: () => refused,
    async close() {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
