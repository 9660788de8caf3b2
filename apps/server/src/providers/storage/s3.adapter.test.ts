import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3StandIn, startS3StandIn } from '../../../test/s3-stand-in.ts';
import { createS3Storage } from './s3.adapter.ts';
import type { Storage } from './storage.ts';

let standIn: S3StandIn;
let storage: Storage;
beforeAll(async () => {
  standIn = await startS3StandIn();
  storage = createS3Storage({ ...standIn, forcePathStyle: true });
});
afterAll(() => standIn.close());

const sign = (...args: Parameters<NonNullable<Storage['direct']>['sign']>) => {
  if (!storage.direct) throw new Error('the S3 storage presigns');
  return storage.direct.sign(...args);
};

describe('S3 storage against the local stand-in', () => {
  it('puts bytes or a stream, reads them whole or in a range, heads and deletes them', async () => {
    expect(await storage.put('uploads', 'a.txt', Buffer.from('hello world'), 'text/plain')).toBe(11);
    expect(
      await storage.put('receipts', 'b.txt', Readable.from([Buffer.from('stre'), Buffer.from('amed')]), 'text/plain'),
    ).toBe(8);
    expect(standIn.objects.get('uploads/a.txt')?.contentType).toBe('text/plain');
    expect(standIn.objects.get('receipts/b.txt')?.bytes.toString()).toBe('streamed');

    const whole = await storage.get('uploads', 'a.txt');
    expect(whole && (await text(whole))).toBe('hello world');
    const part = await storage.get('uploads', 'a.txt', { start: 6, end: 10 });
    expect(part && (await text(part))).toBe('world');
    expect(await storage.head('receipts', 'b.txt')).toEqual({ sizeBytes: 8 });

    expect(await storage.get('uploads', 'b.txt')).toBeUndefined(); // buckets are apart
    expect(await storage.head('uploads', 'b.txt')).toBeUndefined();
    await storage.delete('uploads', 'a.txt');
    await storage.delete('uploads', 'a.txt'); // twice is fine
    expect(await storage.get('uploads', 'a.txt')).toBeUndefined();
  });

  it('refuses names that are not generated keys before any request', async () => {
    await expect(storage.put('uploads', '../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /invalid storage name/,
    );
  });

  it('presigns a PUT and a GET a browser can use without credentials', async () => {
    const put = await sign('PUT', 'uploads', 'clip.mp4', { expiresInSeconds: 300, contentType: 'video/mp4' });
    expect(put.url).not.toContain(standIn.secretAccessKey);
    const sent = await fetch(put.url, { method: 'PUT', headers: put.headers, body: 'video bytes' });
    expect(sent.status).toBe(200);
    expect(await storage.head('uploads', 'clip.mp4')).toEqual({ sizeBytes: 11 });

    const get = await sign('GET', 'uploads', 'clip.mp4', { expiresInSeconds: 60 });
    const read = await fetch(get.url, { headers: { range: 'bytes=6-10' } });
    expect(read.status).toBe(206);
    expect(await read.text()).toBe('bytes');
  });

  it('refuses a tampered signature, another content type and an expired URL, storing nothing', async () => {
    const put = await sign('PUT', 'uploads', 'tampered.mp4', { expiresInSeconds: 300, contentType: 'video/mp4' });
    const url = new URL(put.url);
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    url.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const tampered = await fetch(url, { method: 'PUT', headers: put.headers, body: 'x' });
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const otherType = await fetch(put.url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: 'x' });
    expect(otherType.status).toBe(403);

    const otherKey = await fetch(put.url.replace('tampered.mp4', 'other.mp4'), {
      method: 'PUT',
      headers: put.headers,
      body: 'x',
    });
    expect(otherKey.status).toBe(403);

    standIn.setNow(() => new Date(Date.now() + 301_000));
    try {
      const late = await fetch(put.url, { method: 'PUT', headers: put.headers, body: 'x' });
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('Request has expired');
    } finally {
      standIn.setNow(() => new Date());
    }
    expect(standIn.objects.has('uploads/tampered.mp4')).toBe(false);
    expect(standIn.objects.has('uploads/other.mp4')).toBe(false);
  });

  it('fails loudly on wrong credentials instead of answering "no such file"', async () => {
    const wrong = createS3Storage({ ...standIn, secretAccessKey: 'not-the-secret', forcePathStyle: true });
    await expect(wrong.get('uploads', 'clip.mp4')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(wrong.put('uploads', 'x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/403/);
  });

  it('addresses the bucket as a host name unless path style is forced', async () => {
    const seen: string[] = [];
    const virtualHosted = createS3Storage(
      { ...standIn, endpoint: 'https://s3.example.com', forcePathStyle: false },
      async (input) => {
        seen.push(String(input));
        return new Response(null, { status: 404 });
      },
    );
    await virtualHosted.head('receipts', 'r.webp');
    expect(seen).toEqual([`https://${standIn.bucket}.s3.example.com/receipts/r.webp`]);
  });
});
