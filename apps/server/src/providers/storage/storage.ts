import type { Readable } from 'node:stream';

/** `uploads` are public (avatars, tutor media, chat files); `receipts` reach only their owner and staff. */
export type Bucket = 'uploads' | 'receipts';

/** Bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where files live: a local directory by default, an S3-compatible store in production (DESIGN §5). */
export interface Storage {
  /** Stores the bytes under the name, replacing nothing else; answers how many bytes were written. */
  put(bucket: Bucket, name: string, bytes: Buffer | Readable, contentType: string): Promise<number>;
  /** The stored bytes (or a range of them), or undefined when there is no such file. */
  get(bucket: Bucket, name: string, range?: ByteRange): Promise<Readable | undefined>;
  /** The stored file's size, or undefined when there is no such file. */
  head(bucket: Bucket, name: string): Promise<{ sizeBytes: number } | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(bucket: Bucket, name: string): Promise<void>;
  /** Present when browsers can reach the store themselves (S3): large uploads then skip the API server. */
  direct?: DirectAccess;
}

/** A URL a browser may call without credentials until `expiresAt`, with the headers it must send as they are. */
export interface SignedRequest {
  method: 'GET' | 'PUT';
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface DirectAccess {
  /** A presigned request for one object: GET reads it, PUT (with `contentType`) writes it. */
  sign(
    method: 'GET' | 'PUT',
    bucket: Bucket,
    name: string,
    options: { expiresInSeconds: number; contentType?: string },
  ): Promise<SignedRequest>;
}

/** Storage keys are generated, never the uploader's file name; anything else is refused before any path is built. */
export const STORAGE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function assertStorageName(name: string): void {
  if (!STORAGE_NAME_PATTERN.test(name) || name.includes('..')) throw new Error(`invalid storage name: ${name}`);
}
