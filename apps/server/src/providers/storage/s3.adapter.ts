import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsV4Signer } from 'aws4fetch';
import { assertStorageName, type Bucket, type SignedRequest, type Storage } from './storage.ts';

export interface S3Settings {
  /** The store's base URL, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` (MinIO and most stand-ins) instead of `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
}

/** The S3 error code of a failed answer (`<Code>NoSuchKey</Code>`), for the log line. */
async function failure(response: Response, what: string): Promise<Error> {
  const body = await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? 'no error code';
  return new Error(`object storage ${what}: ${response.status} ${code}`);
}

/**
 * S3 wants a PUT's length up front and a parsed upload arrives without one, so a stream is first written to a
 * temporary file and sent from there (never held in memory); buffers go as they are.
 */
async function withKnownLength<T>(
  bytes: Buffer | Readable,
  send: (body: () => Readable, length: number) => Promise<T>,
): Promise<T> {
  if (Buffer.isBuffer(bytes)) return send(() => Readable.from([bytes]), bytes.length);
  const dir = await mkdtemp(join(tmpdir(), 'darsak-upload-'));
  try {
    const file = join(dir, randomBytes(8).toString('hex'));
    await pipeline(bytes, createWriteStream(file));
    return await send(() => createReadStream(file), (await stat(file)).size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A body streamed with node:http, which waits for the socket as it writes: fetch (undici) was measured holding a
 * whole 300 MB body in memory (+320 MB RSS, against +33 MB here). Answers a Response for the one error path.
 */
async function streamedPut(url: URL, headers: Headers, body: Readable, length: number): Promise<Response> {
  // Imported at the first upload: an ES import of node:http makes Node load undici with it, at start-up.
  const { request: send } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      { method: 'PUT', headers: { ...Object.fromEntries(headers), 'content-length': String(length) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve(new Response(Buffer.concat(chunks).toString('utf8'), { status: incoming.statusCode ?? 502 })),
        );
      },
    );
    pipeline(body, outgoing).catch(reject);
  });
}

/** The store bucket's base URL, without a trailing slash: `<endpoint>/<bucket>`, or `<bucket>.<endpoint host>`. */
export function bucketUrl(settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>): URL {
  const url = new URL(settings.endpoint);
  const base = url.pathname.replace(/\/+$/, '');
  if (settings.forcePathStyle) url.pathname = `${base}/${settings.bucket}`;
  else {
    url.hostname = `${settings.bucket}.${url.hostname}`;
    url.pathname = base;
  }
  return url;
}

/**
 * An S3-compatible object store (AWS S3, MinIO, R2, Spaces…) holding both buckets of DESIGN §5 in one store bucket
 * under the prefixes `uploads/` and `receipts/`. Requests are signed with SigV4 (aws4fetch); the browser-facing
 * `direct.sign` presigns in the query string.
 */
export function createS3Storage(settings: S3Settings, fetcher: typeof fetch = fetch): Storage {
  const signing = {
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  };

  function objectUrl(bucket: Bucket, name: string): URL {
    assertStorageName(name);
    const url = bucketUrl(settings);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/${bucket}/${name}`;
    return url;
  }

  async function send(method: string, url: URL, headers: Record<string, string> = {}) {
    const signed = await new AwsV4Signer({ ...signing, method, url: url.href, headers }).sign();
    return fetcher(signed.url, { method, headers: signed.headers });
  }

  return {
    async put(bucket, name, bytes, contentType) {
      const url = objectUrl(bucket, name);
      return withKnownLength(bytes, async (body, length) => {
        const headers = { 'content-type': contentType };
        const signed = await new AwsV4Signer({ ...signing, method: 'PUT', url: url.href, headers }).sign();
        const response = await streamedPut(signed.url, signed.headers, body(), length);
        if (!response.ok) throw await failure(response, `PUT ${bucket}/${name}`);
        return length;
      });
    },

    async get(bucket, name, range) {
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
      const response = await send('GET', objectUrl(bucket, name), headers);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok || !response.body) throw await failure(response, `GET ${bucket}/${name}`);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },

    async head(bucket, name) {
      const response = await send('HEAD', objectUrl(bucket, name));
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failure(response, `HEAD ${bucket}/${name}`);
      return { sizeBytes: Number(response.headers.get('content-length') ?? 0) };
    },

    async delete(bucket, name) {
      const response = await send('DELETE', objectUrl(bucket, name));
      // S3 answers 204 whether or not the object was there; some stand-ins answer 404 for a missing one.
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${bucket}/${name}`);
      await response.body?.cancel();
    },

    direct: {
      async sign(method, bucket, name, { expiresInSeconds, contentType }): Promise<SignedRequest> {
        const url = objectUrl(bucket, name);
        url.searchParams.set('X-Amz-Expires', String(expiresInSeconds));
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        // allHeaders: the content type is signed too, so the browser cannot store the object as anything else.
        const signer = new AwsV4Signer({
          ...signing,
          method,
          url: url.href,
          headers,
          signQuery: true,
          allHeaders: true,
        });
        const signed = await signer.sign();
        return {
          method,
          url: signed.url.href,
          headers,
          expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
        };
      },
    },
  };
}
