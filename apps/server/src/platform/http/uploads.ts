import { pipeline, type Readable, Transform } from 'node:stream';
import type { RouteContract } from '@darsak/domain/contract';
import { AppError } from '@darsak/domain/errors';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type UploadSpec = NonNullable<RouteContract['multipart']>;

/**
 * Multipart parsing for a plugin's upload routes. A route may refuse an upload from its first bytes (a video of
 * another type) and answer before the body has arrived; the rest of that body would then sit on the kept-alive
 * connection ahead of the browser's next request, which hung until the connection timed out. Such an answer
 * closes the connection instead, as Fastify does when a body fails to parse.
 */
export async function registerUploads(app: FastifyInstance, options: FastifyMultipartOptions = {}): Promise<void> {
  await app.register(multipart, options);
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}

/** One file of a multipart request: the form field it came in and its bytes as they arrive. */
export interface IncomingFile {
  field: string;
  content: Readable;
}

/** Bytes of an ignored text part that are kept (and thrown away): a duration's digits fit with room to spare. */
const IGNORED_FIELD_BYTES = 100;

/**
 * The files of a multipart request as its contract declares them: only the declared fields, each once, each at
 * most `maxBytes` (past that the file's stream fails with large-file-size). Text parts are refused by name,
 * except the contract's `ignoredFields`, each once, which are passed over. Each file must be read to its end (or
 * destroyed) before the next one arrives.
 */
export async function* incomingFiles(request: FastifyRequest, spec: UploadSpec): AsyncGenerator<IncomingFile> {
  const seen = new Set<string>();
  const ignored = spec.ignoredFields ?? [];
  const limits = {
    fileSize: spec.maxBytes,
    files: spec.files.length,
    fields: ignored.length,
    fieldSize: IGNORED_FIELD_BYTES,
    parts: spec.files.length + ignored.length,
  };
  for await (const part of request.parts({ limits })) {
    const field = part.fieldname;
    if (part.type === 'field' && ignored.includes(field) && !seen.has(field)) {
      seen.add(field);
      continue;
    }
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
