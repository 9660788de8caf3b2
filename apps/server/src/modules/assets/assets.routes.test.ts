import { crc32, deflateSync } from 'node:zlib';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS } from '@darsak/domain/assets';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { multipartRequest, type UploadPart } from '../../../test/harness/multipart.ts';
import { quickTimePart } from '../../../test/harness/quicktime.ts';
import { storageOf } from '../../providers/storage/configured.ts';
import { parseRange } from './assets.routes.ts';
import { assets } from './assets.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const png = async (width: number, height: number): Promise<UploadPart> => ({
  filename: 'me.png',
  contentType: 'image/png',
  data: await sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer(),
});
/** The head of an ISO MP4 ("ftyp isom") followed by filler: recognised as MP4 by content. */
const mp4 = (): UploadPart => ({
  filename: 'intro.mp4',
  contentType: 'video/mp4',
  data: Buffer.concat([
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
    Buffer.alloc(10_000, 7),
  ]),
});
const textAsPng = (): UploadPart => ({
  filename: 'photo.png',
  contentType: 'image/png',
  data: Buffer.from('not a picture\n'.repeat(50)),
});

/** A PNG whose header claims `width`×`height` over a few bytes of data: a decompression bomb's shape. */
const pngHeader = (width: number, height: number): UploadPart => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return {
    filename: 'bomb.png',
    contentType: 'image/png',
    data: Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  };
};

const upload = (actor: Actor | null, url: string, parts: Record<string, UploadPart>) =>
  injectAs(t.app, actor?.token, { method: 'PUT', url, ...multipartRequest(parts) });
const avatar = (actor: Actor, part: UploadPart, forUser?: number) =>
  upload(actor, `/api/v1/user/asset${forUser ? `?forUser=${forUser}` : ''}`, { image: part });
const fileName = (url: string) => url.replace('/assets/uploads/', '');
const assetsOf = (ownerId: number) => t.database.db.select().from(assets).where(eq(assets.ownerId, ownerId));

describe('PUT /api/v1/user/asset (profile picture)', () => {
  it('stores a real PNG as a 480x480 WebP, records it and serves it publicly', async () => {
    const student = await createActor(t, 'student');
    const response = await avatar(student, await png(640, 400));
    expect(response.statusCode).toBe(200);
    const { image } = response.json() as { image: string };
    expect(image).toMatch(/^\/assets\/uploads\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 480 });

    expect(await assetsOf(student.id)).toEqual([
      expect.objectContaining({
        bucket: 'uploads',
        type: 'image',
        name: fileName(image),
        mimeType: 'image/webp',
        sizeBytes: served.rawPayload.length,
        width: 480,
        height: 480,
        createdBy: student.id,
        deletedAt: null,
      }),
    ]);
  });

  it('enlarges a small picture (300x300) to 480x480, and retires the picture it replaces', async () => {
    const student = await createActor(t, 'student');
    const first = (await avatar(student, await png(640, 640))).json().image as string;
    const second = await avatar(student, await png(300, 300));
    expect(second.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: second.json().image });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 });
    const old = await t.app.inject({ method: 'GET', url: first });
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('asset-not-found');
  });

  it('[400 bad-request] image-too-small under 100x100', async () => {
    const student = await createActor(t, 'student');
    const response = await avatar(student, await png(120, 80));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad-request', details: { fields: { image: 'image-too-small' } } });
    expect(await assetsOf(student.id)).toEqual([]);
  });

  it('[415 unsupported-file-type] for a text file named .png, and for a WebP (not JPG, PNG or GIF)', async () => {
    const student = await createActor(t, 'student');
    const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    for (const part of [textAsPng(), { filename: 'a.png', contentType: 'image/png', data: webp }]) {
      const response = await avatar(student, part);
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unsupported-file-type');
    }
    expect(await assetsOf(student.id)).toEqual([]);
  });

  it('[413 large-file-size] past the size limit, changing nothing', async () => {
    const student = await createActor(t, 'student');
    const big = { filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(AVATAR_MAX_BYTES + 1024, 1) };
    const response = await avatar(student, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('large-file-size');
    const current = await injectAs(t.app, student.token, { method: 'GET', url: '/api/v1/user/current' });
    expect(current.json().image).toBeNull();
    expect(await assetsOf(student.id)).toEqual([]);
  });

  it('[413 large-file-size] for an image bomb, read from its header before any decoding', async () => {
    const student = await createActor(t, 'student');
    // 7600×5000 (38 megapixels) of one colour is a small file; a header can claim 100000×100000 in 100 bytes.
    const wide = await sharp({ create: { width: 7600, height: 5000, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    for (const bomb of [{ filename: 'wide.jpg', contentType: 'image/jpeg', data: wide }, pngHeader(100_000, 100_000)]) {
      const response = await avatar(student, bomb);
      expect({ status: response.statusCode, body: response.json() }, bomb.filename).toMatchObject({
        status: 413,
        body: { code: 'large-file-size', details: { maxPixels: AVATAR_MAX_PIXELS } },
      });
    }
    expect(await assetsOf(student.id)).toEqual([]);
  });

  it('[400 bad-request] without the image field or with another field', async () => {
    const student = await createActor(t, 'student');
    const missing = await upload(student, '/api/v1/user/asset', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('bad-request');
    const other = await upload(student, '/api/v1/user/asset', { photo: await png(200, 200) });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'bad-request', details: { fields: { photo: 'invalid' } } });
    const json = await injectAs(t.app, student.token, {
      method: 'PUT',
      url: '/api/v1/user/asset',
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('bad-request');
  });

  it('[403 forbidden] for another user’s picture unless studio or admin; [404 user-not-found] for nobody', async () => {
    const [student, other] = [await createActor(t, 'student'), await createActor(t, 'student')];
    const refused = await avatar(student, await png(200, 200), other.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    for (const role of ['studio', 'admin'] as const) {
      const response = await avatar(await createActor(t, role), await png(200, 200), other.id);
      expect(response.statusCode, role).toBe(200);
      expect(response.json().id).toBe(other.id);
    }
    const nobody = await avatar(await createActor(t, 'admin'), await png(200, 200), 999999);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('user-not-found');
  });

  it('[401 unauthenticated] without a token', async () => {
    const response = await upload(null, '/api/v1/user/asset', { image: await png(200, 200) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });
});

describe('PUT /api/v1/user/asset/tutor (tutor media)', () => {
  it('stores a tutor’s photo, intro video and thumbnail from the studio, and serves the video in ranges', async () => {
    const [studio, tutor] = [await createActor(t, 'studio'), await createActor(t, 'tutor')];
    const thumbnail = { ...(await png(1920, 1080)), filename: 'thumb.png' };
    const response = await upload(studio, `/api/v1/user/asset/tutor?tutorId=${tutor.id}`, {
      image: await png(500, 500),
      video: mp4(),
      thumbnail,
    });
    expect(response.statusCode).toBe(200);
    const meta = response.json();
    expect(meta).toMatchObject({
      userId: tutor.id,
      video: expect.stringMatching(/\.mp4$/),
      thumbnail: expect.stringMatching(/\.webp$/),
    });

    const thumb = await t.app.inject({ method: 'GET', url: meta.thumbnail });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 1280, height: 720 });
    const whole = await t.app.inject({ method: 'GET', url: meta.video });
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(mp4().data)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: meta.video, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4().data.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');

    const user = await injectAs(t.app, tutor.token, { method: 'GET', url: '/api/v1/user/current' });
    expect(user.json().image).toMatch(/\.webp$/);
    expect((await assetsOf(tutor.id)).map((a) => a.type).sort()).toEqual(['image', 'thumbnail', 'video']);
  });

  it('[415 unsupported-file-type] for a video that is not MP4 or WebM, keeping nothing of the request', async () => {
    const [admin, tutor] = [await createActor(t, 'admin'), await createActor(t, 'tutor')];
    const response = await upload(admin, `/api/v1/user/asset/tutor?tutorId=${tutor.id}`, {
      image: await png(500, 500),
      video: { ...(await png(200, 200)), filename: 'intro.mp4', contentType: 'video/mp4' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported-file-type');
    expect(await assetsOf(tutor.id)).toEqual([]);
  });

  it('[422 unplayable-video] for an HEVC .mov, keeping nothing of the request; an H.264 one is stored', async () => {
    const [studio, tutor] = [await createActor(t, 'studio'), await createActor(t, 'tutor')];
    const path = `/api/v1/user/asset/tutor?tutorId=${tutor.id}`;
    const refused = await upload(studio, path, { image: await png(500, 500), video: quickTimePart(90, 'hvc1') });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'unplayable-video']);
    expect(await assetsOf(tutor.id)).toEqual([]);
    const stored = await upload(studio, path, { video: quickTimePart(90) });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().video).toMatch(/\.mov$/);
  });

  it('[413 large-file-size] for a photo past the picture limit', async () => {
    const [studio, tutor] = [await createActor(t, 'studio'), await createActor(t, 'tutor')];
    const big = { filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(AVATAR_MAX_BYTES + 1, 1) };
    const response = await upload(studio, `/api/v1/user/asset/tutor?tutorId=${tutor.id}`, { image: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('large-file-size');
  });

  it('[404 tutor-not-found] for a student or nobody; [403 forbidden] for tutors themselves', async () => {
    const studio = await createActor(t, 'studio');
    const [student, tutor] = [await createActor(t, 'student'), await createActor(t, 'tutor')];
    for (const id of [student.id, 999999]) {
      const response = await upload(studio, `/api/v1/user/asset/tutor?tutorId=${id}`, { image: await png(200, 200) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('tutor-not-found');
    }
    const own = await upload(tutor, `/api/v1/user/asset/tutor?tutorId=${tutor.id}`, { image: await png(200, 200) });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('forbidden');
  });
});

describe('GET /assets/receipts/:name', () => {
  it('serves a withdrawal receipt to its tutor and admins only', async () => {
    const [owner, other, admin, manager] = [
      await createActor(t, 'tutor'),
      await createActor(t, 'tutor'),
      await createActor(t, 'admin'),
      await createActor(t, 'tutorManager'),
    ];
    const name = `receipt-${owner.id}.png`;
    const { data } = await png(200, 300);
    const size = await storageOf(t.config).put('receipts', name, data, 'image/png');
    await t.database.db
      .insert(assets)
      .values({ ownerId: owner.id, bucket: 'receipts', type: 'receipt', name, mimeType: 'image/png', sizeBytes: size });
    const url = `/assets/receipts/${name}`;

    for (const reader of [owner, admin]) {
      const response = await injectAs(t.app, reader.token, { method: 'GET', url });
      expect(response.statusCode, reader.role).toBe(200);
      expect(response.headers['cache-control']).toContain('private');
      expect(response.rawPayload.equals(data)).toBe(true);
    }
    for (const stranger of [other, manager]) {
      const refused = await injectAs(t.app, stranger.token, { method: 'GET', url });
      expect(refused.statusCode, stranger.role).toBe(403);
      expect(refused.json().code).toBe('forbidden');
    }
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    // A receipt is never served as a public upload.
    const asUpload = await t.app.inject({ method: 'GET', url: `/assets/uploads/${name}` });
    expect(asUpload.json().code).toBe('asset-not-found');
  });

  it('[404 asset-not-found] for an unknown file in either bucket', async () => {
    const admin = await createActor(t, 'admin');
    for (const url of [
      '/assets/receipts/nothing.png',
      '/assets/uploads/nothing.png',
      '/assets/uploads/..%2F..%2Fetc',
    ]) {
      const response = await injectAs(t.app, admin.token, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('asset-not-found');
    }
  });
});

describe('byte ranges', () => {
  it('reads one range of the forms video players send, and ignores anything else', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    for (const header of [undefined, 'bytes=-', 'bytes=1000-', 'bytes=5-2', 'bytes=0-1,5-9', 'items=0-1']) {
      expect(parseRange(header, 1000), header).toBeUndefined();
    }
  });
});
