import { createServer as createHttp1Server } from 'node:http';
import { createServer as createH2cServer, createSecureServer } from 'node:http2';
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { ServerRequest, ServerResponse } from './exchange.ts';

export type RequestHandler = (req: ServerRequest, res: ServerResponse) => void;

export interface ListenOptions {
  port: number;
  host: string;
  /** TLS key and certificate; cleartext when absent. */
  tls: { key: string; cert: string } | undefined;
  handler: RequestHandler;
  /** Called for every HTTP/2 session a client opens. */
  onSession: () => void;
}

export interface Listener {
  port: number;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n');

/** Feeds an already-read first chunk, then the socket, to the HTTP/2 server (it reads sockets natively otherwise). */
function replaying(socket: Socket, first: Buffer): Duplex {
  const duplex = new Duplex({
    read: () => {
      socket.resume();
    },
    write: (chunk: Buffer, _encoding, callback) => {
      socket.write(chunk, callback);
    },
    final: (callback) => {
      socket.end(callback);
    },
    destroy: (error, callback) => {
      socket.destroy(error ?? undefined);
      callback(error);
    },
  });
  duplex.push(first);
  socket.on('data', (chunk: Buffer) => {
    if (!duplex.push(chunk)) socket.pause();
  });
  socket.on('end', () => duplex.push(null));
  socket.on('close', () => duplex.destroy());
  return duplex;
}

/** Cleartext: HTTP/2 with prior knowledge (h2c) and HTTP/1.1 on one port, told apart by the connection preface. */
function cleartextServer(handler: RequestHandler, onSession: () => void): Server {
  const h2 = createH2cServer(handler);
  const h1 = createHttp1Server(handler);
  h2.on('session', onSession);
  return createTcpServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (first: Buffer) => {
      socket.pause();
      const prefix = first.subarray(0, HTTP2_PREFACE.length);
      if (HTTP2_PREFACE.subarray(0, prefix.length).equals(prefix)) {
        h2.emit('connection', replaying(socket, first));
      } else {
        socket.unshift(first);
        h1.emit('connection', socket);
        socket.resume();
      }
    });
  });
}

/** Starts listening: HTTP/2 over TLS with HTTP/1.1 fallback (ALPN), or cleartext h2c + HTTP/1.1. */
export async function listen(opts: ListenOptions): Promise<Listener> {
  let server: Server;
  if (opts.tls) {
    // HTTP/1.1 keep-alive: Node's 5 s default races clients that reuse an idle socket just as it is closed
    // (ECONNRESET); push services keep idle connections far longer.
    const http1Options = { keepAliveTimeout: 65_000 };
    const secure = createSecureServer({ ...opts.tls, allowHTTP1: true, http1Options }, opts.handler);
    secure.on('session', opts.onSession);
    secure.on('tlsClientError', () => {}); // a client that does not trust the CA: its problem, not ours
    server = secure;
  } else {
    server = cleartextServer(opts.handler, opts.onSession);
  }
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
