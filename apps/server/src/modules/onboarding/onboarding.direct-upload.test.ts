import { INTRO_VIDEO } from '@darsak/domain/assets';
import type { DirectUpload } from '@darsak/domain/interviews';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { avatarPng } from '../../../test/harness/multipart.ts';
import { quickTimeBytes } from '../../../test/harness/quicktime.ts';
import { webmBytes } from '../../../test/harness/video.ts';
import { createApplicant } from '../../../test/onboarding-fixtures.ts';
import { type S3StandIn, startS3StandIn } from '../../../test/s3-stand-in.ts';
import { assets } from '../assets/assets.table.ts';

// Intro videos sent by the browser straight to object storage (STORAGE_DRIVER=s3): the server hands out a
// presigned PUT, then reads the stored object's size, type and duration before recording it.

let standIn: S3StandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startS3StandIn();
  t = await buildTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: standIn.endpoint,
      S3_REGION: standIn.region,
      S3_BUCKET: standIn.bucket,
      S3_ACCESS_KEY_ID: standIn.accessKeyId,
      S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const call = (actor: Actor, url: string, payload: object) =>
  injectAs(t.app, actor.token, { method: 'POST', url, payload });
const askUpload = (actor: Actor, file: { contentType: string; sizeBytes: number }) =>
  call(actor, '/api/v1/intro-video/upload-url', file);
const confirm = (actor: Actor, key: string) => call(actor, '/api/v1/intro-video/with/key', { key });
const assetCount = async () => (await t.database.db.select({ n: count() }).from(assets))[0]?.n;

/** What a browser does: ask for the URL, then PUT the bytes to the store itself with the headers given. */
async function sendToStore(actor: Actor, bytes: Buffer, contentType = 'video/webm'): Promise<string> {
  const asked = await askUpload(actor, { contentType, sizeBytes: bytes.length });
  expect(asked.statusCode, asked.body).toBe(200);
  const target = asked.json() as DirectUpload;
  const put = await fetch(target.url, { method: target.method, headers: target.headers, body: bytes });
  expect(put.status).toBe(200);
  return target.key;
}

describe('intro video sent straight to object storage', () => {
  it('tells the clients to upload directly', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json().directUploads).toBe(true);
  });

  it('records a video the browser stored, with the duration read from the object, served back in ranges', async () => {
    const applicant = await createApplicant(t);
    const bytes = webmBytes(90);
    const key = await sendToStore(applicant, bytes);
    expect(standIn.objects.get(`uploads/${key}`)?.contentType).toBe('video/webm');

    const recorded = await confirm(applicant, key);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ status: 'pending', durationSeconds: 90, mimeType: 'video/webm' });
    const served = await t.app.inject({ method: 'GET', url: recorded.json().url, headers: { range: 'bytes=0-3' } });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.equals(bytes.subarray(0, 4))).toBe(true);

    // A replayed confirmation is refused and leaves the recorded file alone.
    expect((await confirm(applicant, key)).json().code).toBe('asset-not-found');
    expect(standIn.objects.has(`uploads/${key}`)).toBe(true);
    // One video at a time, refused before any upload.
    const again = await askUpload(applicant, { contentType: 'video/webm', sizeBytes: 1000 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'intro-video-exists']);
  });

  it('keeps the file when the confirmation is sent twice at once (a double click)', async () => {
    const applicant = await createApplicant(t);
    const key = await sendToStore(applicant, webmBytes(90));
    const answers = await Promise.all([confirm(applicant, key), confirm(applicant, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404]);
    expect(standIn.objects.has(`uploads/${key}`)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/assets/uploads/${key}` });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a video out of bounds or not a video, removing the object; nothing is recorded', async () => {
    const applicant = await createApplicant(t);
    const before = await assetCount();
    const cases = [
      { bytes: webmBytes(59), status: 422, code: 'short-video-dur' },
      { bytes: webmBytes(181), status: 422, code: 'long-video-dur' },
      { bytes: webmBytes(8, 2048, { claimedSeconds: 90 }), status: 422, code: 'short-video-dur' },
      { bytes: (await avatarPng()).data, status: 415, code: 'unsupported-file-type' },
      { bytes: quickTimeBytes(90, { videoFormat: 'hvc1' }), status: 422, code: 'unplayable-video' },
    ];
    for (const { bytes, status, code } of cases) {
      const key = await sendToStore(applicant, bytes);
      const refused = await confirm(applicant, key);
      expect([refused.statusCode, refused.json().code], code).toEqual([status, code]);
      expect(refused.json().message).toMatch(/[\u0600-\u06FF]/);
      expect(standIn.objects.has(`uploads/${key}`), code).toBe(false);
    }
    expect(await assetCount()).toBe(before);
  });

  it('refuses what cannot be a direct upload of this tutor', async () => {
    const [applicant, other, student] = [
      await createApplicant(t),
      await createApplicant(t),
      await createActor(t, 'student'),
    ];
    const tooBig = await askUpload(applicant, { contentType: 'video/mp4', sizeBytes: INTRO_VIDEO.maxBytes + 1 });
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([413, 'large-file-size']);
    const notVideo = await askUpload(applicant, { contentType: 'text/html', sizeBytes: 10 });
    expect([notVideo.statusCode, notVideo.json().code]).toEqual([400, 'bad-request']);
    const locked = await askUpload(await createApplicant(t, { profileComplete: false }), {
      contentType: 'video/webm',
      sizeBytes: 10,
    });
    expect([locked.statusCode, locked.json().code]).toEqual([422, 'onboarding-step-locked']);
    expect((await askUpload(student, { contentType: 'video/webm', sizeBytes: 10 })).statusCode).toBe(403);

    const key = await sendToStore(applicant, webmBytes(90));
    const stolen = await confirm(other, key);
    expect([stolen.statusCode, stolen.json().code]).toEqual([404, 'asset-not-found']);
    expect(standIn.objects.has(`uploads/${key}`)).toBe(true); // still the owner's to confirm
    const neverSent = `${applicant.id}-${'0'.repeat(32)}.webm`;
    expect((await confirm(applicant, neverSent)).json().code).toBe('asset-not-found');
    expect((await confirm(applicant, '../receipts/x')).json().code).toBe('bad-request');
  });
});

describe('intro video direct upload on the disk driver', () => {
  it('does not exist: the multipart route stays the way', async () => {
    const disk = await buildTestApp({ env: { STORAGE_DRIVER: 'disk' } });
    try {
      const applicant = await createApplicant(disk);
      const asked = await injectAs(disk.app, applicant.token, {
        method: 'POST',
        url: '/api/v1/intro-video/upload-url',
        payload: { contentType: 'video/webm', sizeBytes: 1000 },
      });
      expect([asked.statusCode, asked.json().code]).toEqual([404, 'route-not-found']);
      expect((await disk.app.inject({ method: 'GET', url: '/api/v1/config' })).json().directUploads).toBeUndefined();
    } finally {
      await disk.close();
    }
  });
});
