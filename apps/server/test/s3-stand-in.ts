import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

/**
 * A local S3-compatible store for tests, written from the S3 documentation and not from the adapter: path-style
 * PUT, GET (with one byte range), HEAD and DELETE of objects, every request checked for a SigV4 signature in its
 * Authorization header or (presigned) its query string, answering S3's XML errors (SignatureDoesNotMatch,
 * AccessDenied for an expired URL, NoSuchKey, MissingContentLength), and CORS for any origin (a browser journey
 * can send presigned uploads to it).
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by `<key>` inside the bucket. */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** The stand-in's clock, for expiring presigned URLs. */
  now: () => Date;
  setNow(now: () => Date): void;
  close(): Promise<void>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** `20261126T070000Z` */
const parseAmzDate = (value: string) =>
  new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

interface Presented {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  /** Presigned: seconds the URL lives after amzDate. */
  expires?: number;
}

function presented(request: IncomingMessage, query: URLSearchParams): Presented {
  const auth = request.headers.authorization;
  if (auth) {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!match?.[1] || !match[2] || !match[3]) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'bad header');
    return {
      credential: match[1],
      signedHeaders: match[2].split(';'),
      signature: match[3],
      amzDate: String(request.headers['x-amz-date'] ?? ''),
      payloadHash: String(request.headers['x-amz-content-sha256'] ?? ''),
    };
  }
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error(403, 'AccessDenied', 'not signed');
  return {
    credential: query.get('X-Amz-Credential') ?? '',
    signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: query.get('X-Amz-Signature') ?? '',
    amzDate: query.get('X-Amz-Date') ?? '',
    payloadHash: 'UNSIGNED-PAYLOAD',
    expires: Number(query.get('X-Amz-Expires')),
  };
}

export async function startS3StandIn(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'darsak-test';
  const region = options.region ?? 'eu-central-1';
  const accessKeyId = options.accessKeyId ?? 'STANDINACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'stand-in-secret-access-key-0123456789';
  const objects: S3StandIn['objects'] = new Map();
  let now = () => new Date();

  function verify(request: IncomingMessage, path: string, query: URLSearchParams, body: Buffer) {
    const auth = presented(request, query);
    const [keyId, date, scopeRegion, service, terminator] = auth.credential.split('/');
    if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'unknown access key');
    const signedAt = parseAmzDate(auth.amzDate);
    if (Number.isNaN(signedAt.getTime()) || date !== auth.amzDate.slice(0, 8)) {
      throw new S3Error(403, 'AccessDenied', 'bad date');
    }
    if (scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request') {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'bad scope');
    }
    if (auth.expires !== undefined) {
      if (!(auth.expires >= 1 && auth.expires <= 604_800))
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires');
      if (now().getTime() > signedAt.getTime() + auth.expires * 1000)
        throw new S3Error(403, 'AccessDenied', 'Request has expired');
    } else if (Math.abs(now().getTime() - signedAt.getTime()) > 15 * 60_000) {
      throw new S3Error(403, 'RequestTimeTooSkewed', 'skewed');
    }
    if (auth.payloadHash !== 'UNSIGNED-PAYLOAD' && auth.payloadHash !== sha256(body)) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'payload hash');
    }
    const canonicalQuery = [...query]
      .filter(([key]) => key !== 'X-Amz-Signature')
      .map(([key, value]) => [uriEncode(key), uriEncode(value)])
      .sort(([a = '', x = ''], [b = '', y = '']) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : 1))
      .map((pair) => pair.join('='))
      .join('&');
    const headerValue = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
    };
    const canonical = [
      request.method,
      path.split('/').map(uriEncode).join('/'),
      canonicalQuery,
      `${auth.signedHeaders.map((name) => `${name}:${headerValue(name)}`).join('\n')}\n`,
      auth.signedHeaders.join(';'),
      auth.payloadHash,
    ].join('\n');
    const scope = [date, region, 's3', 'aws4_request'].join('/');
    const toSign = ['AWS4-HMAC-SHA256', auth.amzDate, scope, sha256(canonical)].join('\n');
    let key = hmac(`AWS4${secretAccessKey}`, date);
    for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
    const expected = hmac(key, toSign);
    const given = Buffer.from(auth.signature, 'hex');
    if (!auth.signedHeaders.includes('host') || given.length !== 32 || !timingSafeEqual(given, expected)) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
    }
  }

  function answer(request: IncomingMessage, response: ServerResponse, key: string, body: Buffer) {
    const object = objects.get(key);
    switch (request.method) {
      case 'PUT': {
        if (request.headers['content-length'] === undefined) {
          throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
        }
        objects.set(key, { bytes: body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
        return response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      }
      case 'DELETE':
        objects.delete(key);
        return response.writeHead(204).end();
      case 'HEAD':
        if (!object) return response.writeHead(404).end();
        return response
          .writeHead(200, { 'content-length': object.bytes.length, 'content-type': object.contentType })
          .end();
      case 'GET': {
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
        if (!range) {
          return response.writeHead(200, { 'content-type': object.contentType }).end(object.bytes);
        }
        const size = object.bytes.length;
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
        if (start > end) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
        return response
          .writeHead(206, { 'content-type': object.contentType, 'content-range': `bytes ${start}-${end}/${size}` })
          .end(object.bytes.subarray(start, end + 1));
      }
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'method');
    }
  }

  const server = createServer(async (request, response) => {
    // A bucket CORS rule letting any page PUT and GET (browsers send presigned uploads straight here).
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-expose-headers', 'etag');
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-methods', 'GET, PUT, HEAD');
      response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '');
      return response.writeHead(200).end();
    }
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = decodeURIComponent(url.pathname);
    try {
      const body = await buffer(request);
      verify(request, path, url.searchParams, body);
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      answer(request, response, path.slice(prefix.length), body);
    } catch (error) {
      if (!(error instanceof S3Error)) throw error;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${error.message}</Message></Error>`;
      response.writeHead(error.status, { 'content-type': 'application/xml' });
      response.end(request.method === 'HEAD' ? undefined : xml);
    }
  });
  server.listen(0, '127.0.0.1');
  server.unref(); // a test file's shared stand-in must not keep its worker alive
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    now: () => now(),
    setNow(next) {
      now = next;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

let shared: Promise<S3StandIn> | undefined;

/**
 * With TEST_STORAGE_DRIVER=s3, the settings that point a test app at a stand-in shared by the test file's apps
 * (the route tests then run on object storage: `TEST_STORAGE_DRIVER=s3 npx vitest run <files>`); else none.
 */
export async function storageTestEnv(): Promise<Record<string, string>> {
  if (process.env.TEST_STORAGE_DRIVER !== 's3') return {};
  shared ??= startS3StandIn();
  const standIn = await shared;
  return {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: standIn.endpoint,
    S3_REGION: standIn.region,
    S3_BUCKET: standIn.bucket,
    S3_ACCESS_KEY_ID: standIn.accessKeyId,
    S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
