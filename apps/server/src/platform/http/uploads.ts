import { pipeline, type Readable, Transform } from 'node:stream';
import type { RouteContract } from '@darsak/domain/contract';
import { AppError } from '@darsak/domain/errors';
import type {} from '@fastify/multipart'; // types of request.parts()
import type { FastifyRequest } from 'fastify';

export type UploadSpec = NonNullable<RouteContract['multipart']>;

/** One file of a multipart request: the form field it came in and its bytes as they arrive. */
export interface IncomingFile {
  field: string;
  content: Readable;
}

/**
 * The files of a multipart request as its contract declares them: only the declared fields, each once, each at
 * most `maxBytes` (past that the file's stream fails with large-file-size). Text fields are refused. Each file
 * must be read to its end (or destroyed) before the next one arrives.
 */
export async function* incomingFiles(request: FastifyRequest, spec: UploadSpec): AsyncGenerator<IncomingFile> {
  const seen = new Set<string>();
  const limits = { fileSize: spec.maxBytes, files: spec.files.length, parts: spec.files.length, fields: 0 };
  for await (const part of request.parts({ limits })) {
    const field = part.fieldname;
    if (part.type !== 'file' || !spec.files.includes(field) || seen.has(field)) {
      if (part.type === 'file') part.file.destroy();
      throw new AppError('bad-request', { fields: { [field]: 'invalid' } });
    }
    seen.add(field);
    yield { field, content: sizeChecked(part.file, spec.maxBytes) };
  }
}

/**
 * The parser cuts a file at the limit and marks it truncated (often before anyone reads it), so the end of the
 * stream is where an oversized file is told apart from one that is exactly at the limit.
 */
function sizeChecked(file: Readable & { truncated: boolean }, maxBytes: number): Readable {
  const checked = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(file.truncated ? new AppError('large-file-size', { maxBytes }) : null),
  });
  // pipeline also destroys the parser's stream when the reader gives up, which ends the request's parsing.
  return pipeline(file, checked, () => undefined);
}

/** Reads a whole file into memory, refusing it with large-file-size once it passes `maxBytes`. */
export async function readAtMost(content: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of content as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      content.destroy();
      throw new AppError('large-file-size', { maxBytes });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
