import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { writeFileAtomic } from './atomic-write.ts';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** Where the certificate (the CA a sender must trust) is stored; undefined without a state directory. */
  certPath?: string;
}

export const CERT_FILE = 'tls-cert.pem';
export const KEY_FILE = 'tls-key.pem';
const VALID_DAYS = 825;
/** Regenerate a stored certificate that expires within this long. */
const RENEW_BEFORE_MS = 7 * 24 * 3600 * 1000;

/**
 * A self-signed P-256 certificate for localhost and 127.0.0.1 (and ::1): the sender trusts it as its CA. Each one
 * has its own subject: a TLS client given several of them as CAs picks the issuer by subject name, so two
 * services sharing one would make every certificate but the first untrusted.
 */
export async function createCertificate(now = new Date()): Promise<{ key: string; cert: string }> {
  const commonName = `Pushdeck local push service ${randomBytes(6).toString('hex')}`;
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + VALID_DAYS * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function stillValid(cert: string, now: number): boolean {
  try {
    return new Date(new X509Certificate(cert).validTo).getTime() - now > RENEW_BEFORE_MS;
  } catch {
    return false;
  }
}

/** Loads `tls-cert.pem`/`tls-key.pem` from the state directory, creating them once (or when near expiry). */
export async function loadOrCreateCertificate(stateDir: string | undefined): Promise<TlsMaterial> {
  if (stateDir === undefined) return createCertificate();
  await mkdir(stateDir, { recursive: true });
  const certPath = join(stateDir, CERT_FILE);
  const keyPath = join(stateDir, KEY_FILE);
  const [cert, key] = await Promise.all([readIfPresent(certPath), readIfPresent(keyPath)]);
  if (cert && key && stillValid(cert, Date.now())) return { key, cert, certPath };
  const fresh = await createCertificate();
  writeFileAtomic(keyPath, fresh.key, 0o600);
  writeFileAtomic(certPath, fresh.cert, 0o644);
  return { ...fresh, certPath };
}
