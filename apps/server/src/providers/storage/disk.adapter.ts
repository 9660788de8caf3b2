import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageName, type Bucket, type ByteRange, type Storage } from './storage.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/**
 * Files on local disk under `<root>/<bucket>/<name>` (local mode and single-machine installs). A file is written
 * beside its final name and renamed when complete, so a reader never sees half a file.
 */
export function createDiskStorage(root: string): Storage {
  const pathOf = (bucket: Bucket, name: string) => {
    assertStorageName(name);
    return join(root, bucket, name);
  };

  return {
    async put(bucket, name, bytes) {
      const target = pathOf(bucket, name);
      await mkdir(join(root, bucket), { recursive: true });
      const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
      let written = 0;
      const count = async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          written += chunk.length;
          yield chunk;
        }
      };
      try {
        const source = Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes;
        await pipeline(source, count, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return written;
    },

    async get(bucket, name, range?: ByteRange) {
      const stream = createReadStream(pathOf(bucket, name), range ?? {});
      // Opening fails asynchronously: wait for it, so a missing file is an answer and not a broken stream.
      return new Promise<Readable | undefined>((resolve, reject) => {
        stream.once('ready', () => resolve(stream));
        stream.once('error', (error) => (isMissing(error) ? resolve(undefined) : reject(error)));
      });
    },

    async head(bucket, name) {
      try {
        return { sizeBytes: (await stat(pathOf(bucket, name))).size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(bucket, name) {
      await rm(pathOf(bucket, name), { force: true });
    },
  };
}

/** The default home of stored files: `${DATA_DIR}/files`, beside the embedded database. */
export const filesDirOf = (dataDir: string) => join(dataDir, 'files');
