// Local HTTP/2 push service stand-in for the transport tests (not exported by the package).
import { once } from 'node:events';
import {
  createSecureServer,
  createServer,
  type Http2Server,
  type Http2Session,
  type IncomingHttpHeaders,
  type Settings,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Never answer (timeout tests). */
  hang?: boolean;
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface TestServer {
  origin: string;
  ca: string;
  requests: ReceivedRequest[];
  /** 'session' events seen by the server, i.e. HTTP/2 connections opened by clients. */
  sessions: number;
  maxInFlight: number;
  liveSessions: Set<Http2Session>;
  close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;
function testCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

export async function startPushServer(
  opts: { secure?: boolean; settings?: Settings; reply?: (request: ReceivedRequest, n: number) => Reply } = {},
): Promise<TestServer> {
  const secure = opts.secure ?? true;
  const { key, cert } = await testCertificate();
  const server: Http2Server = secure
    ? createSecureServer({ key, cert, ...(opts.settings ? { settings: opts.settings } : {}) })
    : createServer(opts.settings ? { settings: opts.settings } : {});
  let inFlight = 0;
  const state: Omit<TestServer, 'origin' | 'close'> = {
    ca: cert,
    requests: [],
    sessions: 0,
    maxInFlight: 0,
    liveSessions: new Set(),
  };
  server.on('session', (session: Http2Session) => {
    state.sessions++;
    state.liveSessions.add(session);
    session.on('close', () => state.liveSessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('close', () => inFlight--);
    stream.on('error', () => {});
    stream.on('end', () => {
      const request: ReceivedRequest = {
        path: String(headers[':path']),
        headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      state.requests.push(request);
      const reply = opts.reply?.(request, state.requests.length) ?? { status: 201 };
      if (reply.hang) return;
      const answer = () => {
        if (stream.destroyed) return;
        stream.respond({ ':status': reply.status, ...reply.headers });
        stream.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    origin: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    close: async () => {
      for (const session of state.liveSessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
