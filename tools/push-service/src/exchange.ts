import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** What the handlers use of a request: the common part of HTTP/2 compat and HTTP/1.1 requests. */
export interface ServerRequest extends Readable {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

/** What the handlers use of a response: the common part of HTTP/2 compat and HTTP/1.1 responses. */
export interface ServerResponse {
  readonly headersSent: boolean;
  writeHead(status: number, headers?: OutgoingHttpHeaders): unknown;
  end(data: string): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/** A body that could not be read as JSON (answered 400). */
export class BodyInputError extends Error {
  override name = 'BodyInputError';
}

/** One request and its response, over HTTP/2 or HTTP/1.1. Answers at most once; nothing after the peer left. */
export class Exchange {
  readonly req: ServerRequest;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly method: string;
  #closed = false;

  constructor(req: ServerRequest, res: ServerResponse) {
    this.req = req;
    this.res = res;
    this.url = new URL(req.url ?? '/', 'http://push-service.invalid');
    this.method = (req.method ?? 'GET').toUpperCase();
    res.once('close', () => {
      this.#closed = true;
    });
  }

  get answered(): boolean {
    return this.#closed || this.res.headersSent;
  }

  /** A request header's value (the first one when repeated). */
  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  /** Answers with a short text body (none for 204); unread request data is drained. */
  send(status: number, body = '', headers: OutgoingHttpHeaders = {}, contentType = 'text/plain; charset=utf-8'): void {
    if (this.answered) return;
    const withBody = status !== 204 && status !== 304;
    this.res.writeHead(status, {
      ...(withBody ? { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } : {}),
      ...headers,
    });
    this.res.end(withBody ? body : '');
    this.req.resume();
  }

  json(status: number, value: unknown, headers: OutgoingHttpHeaders = {}): void {
    this.send(status, `${JSON.stringify(value)}\n`, headers, 'application/json; charset=utf-8');
  }

  /** Reads the body; resolves `undefined` as soon as it exceeds `limit` (the rest is drained and dropped). */
  readBody(limit: number): Promise<Buffer | undefined> {
    const declared = Number(this.header('content-length'));
    if (Number.isFinite(declared) && declared > limit) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (result: Buffer | undefined, error?: Error) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(result);
      };
      this.req.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > limit) settle(undefined);
        else chunks.push(chunk);
      });
      this.req.once('end', () => settle(Buffer.concat(chunks, size)));
      this.req.once('error', (error: Error) => settle(undefined, error));
      this.req.once('close', () => settle(undefined, new Error('request closed before its body ended')));
    });
  }

  /** Reads an optional JSON body (undefined when empty). */
  async readJson(limit = 64 * 1024): Promise<unknown> {
    const body = await this.readBody(limit);
    if (body === undefined) throw new BodyInputError(`body is larger than ${limit} bytes`);
    if (body.length === 0) return undefined;
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new BodyInputError('body is not valid JSON');
    }
  }
}
