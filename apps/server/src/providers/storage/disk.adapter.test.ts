import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk.adapter.ts';
import type { Storage } from './storage.ts';

let root: string;
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'darsak-storage-'));
  storage = createDiskStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('disk storage', () => {
  it('puts bytes or a stream, reads them whole or in a range, and deletes them', async () => {
    expect(await storage.put('uploads', 'a.txt', Buffer.from('hello world'), 'text/plain')).toBe(11);
    expect(
      await storage.put('receipts', 'b.txt', Readable.from([Buffer.from('stre'), Buffer.from('amed')]), 'text/plain'),
    ).toBe(8);
    const whole = await storage.get('uploads', 'a.txt');
    expect(whole && (await text(whole))).toBe('hello world');
    const part = await storage.get('uploads', 'a.txt', { start: 6, end: 10 });
    expect(part && (await text(part))).toBe('world');
    expect(await storage.get('uploads', 'b.txt')).toBeUndefined(); // buckets are apart
    expect(await storage.head('receipts', 'b.txt')).toEqual({ sizeBytes: 8 });
    expect(await storage.head('uploads', 'b.txt')).toBeUndefined();
    await storage.delete('uploads', 'a.txt');
    await storage.delete('uploads', 'a.txt'); // twice is fine
    expect(await storage.get('uploads', 'a.txt')).toBeUndefined();
  });

  it('leaves no partial file when the stream fails', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half');
        throw new Error('connection lost');
      })(),
    );
    await expect(storage.put('uploads', 'c.bin', failing, 'application/octet-stream')).rejects.toThrow(
      'connection lost',
    );
    expect((await readdir(join(root, 'uploads'))).filter((f) => f.startsWith('c.bin'))).toEqual([]);
  });

  it('refuses names that could leave the bucket', async () => {
    for (const name of ['../x', '.hidden', 'a/b', 'a..b', '']) {
      await expect(storage.put('uploads', name, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        'invalid storage name',
      );
      await expect(storage.get('uploads', name)).rejects.toThrow('invalid storage name');
    }
  });
});
