// Raw HTTP requests over node:http, for tests that send what fetch refuses to: any method, bodies
// that are not UTF-8, chunked bodies, GET with a body, latin-1 header bytes, huge headers.
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawRequest {
  method: string;
  /** Path and query, sent as is (no normalisation, no encoding). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Send the body with Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
  /** Another connection pool than the shared keep-alive one. */
  agent?: http.Agent;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

// A caller may send Accept-Encoding; the server then compresses.
function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function rawRequest(base: string, req: RawRequest, timeoutMs = 15_000): Promise<RawAnswer> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...req.headers };
  if (req.body && !req.chunked) headers['content-length'] = String(req.body.length);
  // node:http frames a GET or DELETE body only when asked to; unframed bytes would be a new request.
  if (req.body && req.chunked) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers,
        agent: req.agent ?? agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const text = decode(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    if (req.body && req.chunked) {
      const half = Math.floor(req.body.length / 2);
      outgoing.write(req.body.subarray(0, half));
      outgoing.end(req.body.subarray(half));
    } else {
      outgoing.end(req.body);
    }
  });
}

/** Closes the kept-alive sockets so the test process can exit. */
export function closeRawConnections(): void {
  agent.destroy();
}
