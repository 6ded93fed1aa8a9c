// Types for the `http_ece` devDependency (used only by the interop tests).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm';
    rs?: number;
    salt?: string | Buffer;
    keyid?: string | Buffer;
    key?: string | Buffer;
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
    pad?: number;
  }

  const ece: {
    encrypt(buffer: Buffer, params: EceParams): Buffer;
    decrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
