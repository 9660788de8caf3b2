import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { AVATAR_MAX_BYTES } from '@darsak/domain/assets';
import { AppError } from '@darsak/domain/errors';
import { RECEIPT_MAX_BYTES } from '@darsak/domain/invoices';
import { REPORT_LOG_MAX_BYTES, REPORT_SCREENSHOT_MAX_BYTES } from '@darsak/domain/reports';
import { isTutorLike, ROLE_GROUPS, Role, type RoleId, type TutorMeta, type User } from '@darsak/domain/users';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type IncomingFile, readAtMost } from '../../platform/http/uploads.ts';
import type { Bucket, ByteRange, Storage } from '../../providers/storage/storage.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  measuredVideo,
  type Picture,
  receiptPicture,
  STORED_IMAGE,
  squarePicture,
  thumbnailPicture,
} from './assets.media.ts';
import * as repo from './assets.repo.ts';
import type { Asset } from './assets.table.ts';

export interface AssetsDeps {
  db: Db;
  storage: Storage;
  users: Pick<UsersService, 'findById' | 'setImage' | 'setTutorMedia' | 'tutorMeta' | 'changedIfTutor'>;
}

/** A video stored and recorded as an asset, with the duration its container states (undefined when none). */
export interface StoredVideo {
  assetId: number;
  name: string;
  mimeType: string;
  sizeBytes: number;
  durationSeconds: number | undefined;
}

/** A file written to storage and not yet recorded. */
interface StoredFile {
  type: Asset['type'];
  bucket: Bucket;
  name: string;
  mimeType: string;
  sizeBytes: number;
  width?: number;
  height?: number;
}

type Store = (content: Readable) => Promise<StoredFile>;

const rolesOf = (names: readonly (keyof typeof Role)[]): RoleId[] => names.map((name) => Role[name]);
/** Who may set another user's picture and a tutor's media (DESIGN §4: photo sessions, tutor media). */
const MEDIA_STAFF = rolesOf(ROLE_GROUPS.studioStaff);
/**
 * Who may read another user's private file besides its owner: admins, the only staff who read what private files
 * belong to (withdrawal receipts, problem reports' screenshots and logs).
 */
const ADMINS = rolesOf(ROLE_GROUPS.admins);

const LOG_MIME = 'text/plain; charset=utf-8';

/** A log file's bytes when they are UTF-8 text (no NUL, which no exported log has), else unsupported-file-type. */
function utf8Text(bytes: Buffer): Buffer {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    if (decoder.decode(bytes).includes('\0')) throw new TypeError('NUL in text');
  } catch {
    throw new AppError('unsupported-file-type', { accepted: ['txt'] });
  }
  return bytes;
}

/**
 * The duration of a video read from the store: its bytes only pass by (the reader keeps what it needs). A read
 * that breaks before the duration is known fails instead of waiting for a reader that will get no more bytes.
 */
async function durationOf(measured: Awaited<ReturnType<typeof measuredVideo>>): Promise<number | undefined> {
  const passed = finished(measured.body);
  passed.catch(() => undefined); // cut short on purpose once the duration is known
  measured.body.resume();
  return Promise.race([measured.durationSeconds, passed.then(() => measured.durationSeconds)]);
}

/** How long a presigned upload URL may be used to start sending (S3 checks it when the upload begins). */
const DIRECT_UPLOAD_SECONDS = 15 * 60;
/** The extension of a directly uploaded video's key, from the type its browser declares. */
const DIRECT_VIDEO_EXT: Partial<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** Storage keys are random, so names never collide, never leak the uploader's file name and can be cached forever. */
const newName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

export function createAssetsService(deps: AssetsDeps) {
  const { db, storage, users } = deps;

  async function storePicture(
    type: 'image' | 'thumbnail' | 'receipt' | 'screenshot',
    picture: Picture,
  ): Promise<StoredFile> {
    const bucket: Bucket = type === 'receipt' || type === 'screenshot' ? 'receipts' : 'uploads';
    const name = newName(STORED_IMAGE.ext);
    const sizeBytes = await storage.put(bucket, name, picture.bytes, STORED_IMAGE.mime);
    const { width, height } = picture;
    return { type, bucket, name, mimeType: STORED_IMAGE.mime, sizeBytes, width, height };
  }

  /**
   * A video streamed to storage while it is read (`measuredVideo`), with the duration it states; one refused
   * from what it holds (an unplayable QuickTime) is removed again.
   */
  async function putVideo(content: Readable) {
    const measured = await measuredVideo(content);
    const name = newName(measured.ext);
    const sizeBytes = await storage.put('uploads', name, measured.body, measured.mime);
    const durationSeconds = await measured.durationSeconds.catch(async (error: unknown) => {
      await storage.delete('uploads', name);
      throw error;
    });
    const file: StoredFile = { type: 'video', bucket: 'uploads', name, mimeType: measured.mime, sizeBytes };
    return { file, durationSeconds };
  }

  const stores = {
    image: async (content) => storePicture('image', await squarePicture(await readAtMost(content, AVATAR_MAX_BYTES))),
    thumbnail: async (content) =>
      storePicture('thumbnail', await thumbnailPicture(await readAtMost(content, AVATAR_MAX_BYTES))),
    // Duration limits belong to the intro-video flow of onboarding; here the studio's file is stored as it is.
    video: async (content) => (await putVideo(content)).file,
  } satisfies Record<string, Store>;

  const discard = (files: Partial<Record<string, StoredFile>>) =>
    Promise.allSettled(Object.values(files).map((f) => f && storage.delete(f.bucket, f.name)));

  /** Stores each incoming file with the store of its field; on any failure the ones already stored are removed. */
  async function storeAll<F extends string>(files: AsyncIterable<IncomingFile>, fields: Record<F, Store>) {
    const stored: Partial<Record<F, StoredFile>> = {};
    try {
      for await (const { field, content } of files) {
        if (!Object.hasOwn(fields, field)) throw new AppError('bad-request', { fields: { [field]: 'invalid' } });
        stored[field as F] = await fields[field as F](content);
      }
    } catch (error) {
      await discard(stored);
      throw error;
    }
    return stored;
  }

  /** Records the stored files and applies them in one transaction; if that fails, the files go too. */
  async function record<T>(
    stored: Partial<Record<string, StoredFile>>,
    owner: { ownerId: number; createdBy: number },
    apply: (tx: Db, assetIds: Partial<Record<string, number>>) => Promise<T>,
  ): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const ids: Partial<Record<string, number>> = {};
        for (const [field, file] of Object.entries(stored)) {
          if (file) ids[field] = await repo.insertAsset(tx, { ...file, ...owner });
        }
        return apply(tx, ids);
      });
    } catch (error) {
      await discard(stored);
      throw error;
    }
  }

  /** A replaced picture is retired and its file removed, when it was an upload of this user's. */
  async function retirePicture(previous: string | null, ownerId: number) {
    if (previous && (await repo.retireAsset(db, 'uploads', previous, ownerId)))
      await storage.delete('uploads', previous);
  }

  return {
    /**
     * One uploaded video (field `video`), streamed to storage while its duration is read, recorded as the owner's
     * asset and handed to `apply` in the same transaction; if `apply` throws (a duration out of bounds), the
     * record and the file both go.
     */
    async storeVideo<T>(
      owner: { ownerId: number; createdBy: number },
      files: AsyncIterable<IncomingFile>,
      apply: (tx: Db, video: StoredVideo) => Promise<T>,
    ): Promise<T> {
      let durationSeconds: number | undefined;
      const { video } = await storeAll(files, {
        video: async (content) => {
          const put = await putVideo(content);
          durationSeconds = put.durationSeconds;
          return put.file;
        },
      });
      if (!video) throw new AppError('bad-request', { fields: { video: 'required' } });
      return record({ video }, owner, (tx, ids) => apply(tx, { assetId: ids.video ?? 0, ...video, durationSeconds }));
    },

    /**
     * Where the owner's browser sends a video itself (a presigned PUT, DIRECT_UPLOAD_SECONDS to start it), when the
     * store takes direct uploads; else route-not-found. The key carries the owner's id, so only they can confirm it.
     */
    async videoUploadTarget(ownerId: number, file: { contentType: string; sizeBytes: number }, maxBytes: number) {
      if (!storage.direct) throw new AppError('route-not-found');
      if (file.sizeBytes > maxBytes) throw new AppError('large-file-size', { maxBytes });
      const ext = DIRECT_VIDEO_EXT[file.contentType] ?? 'video';
      const key = `${ownerId}-${randomBytes(16).toString('hex')}.${ext}`;
      const signed = await storage.direct.sign('PUT', 'uploads', key, {
        expiresInSeconds: DIRECT_UPLOAD_SECONDS,
        contentType: file.contentType,
      });
      return {
        method: 'PUT' as const,
        url: signed.url,
        headers: signed.headers,
        key,
        expiresAt: signed.expiresAt.toISOString(),
      };
    },

    /**
     * A video the owner's browser sent to the store (`videoUploadTarget`), checked as an upload through the API
     * would be: at most `maxBytes` (its HEAD), an MP4, WebM or playable QuickTime with the duration read from its bytes (a streamed
     * read that stops once the duration is known), then recorded and handed to `apply`. Any refusal removes the
     * object; a key already recorded is refused without touching it.
     */
    async storeUploadedVideo<T>(
      owner: { ownerId: number; createdBy: number },
      key: string,
      maxBytes: number,
      apply: (tx: Db, video: StoredVideo) => Promise<T>,
    ): Promise<T> {
      const ownKey = new RegExp(`^${owner.ownerId}-[0-9a-f]{32}\\.[a-z0-9]+$`);
      const head = ownKey.test(key) ? await storage.head('uploads', key) : undefined;
      if (!head || (await repo.findLiveAsset(db, 'uploads', key))) throw new AppError('asset-not-found');
      const discardKey = () => storage.delete('uploads', key);
      if (head.sizeBytes > maxBytes) {
        await discardKey();
        throw new AppError('large-file-size', { maxBytes });
      }
      const content = await storage.get('uploads', key);
      if (!content) throw new AppError('asset-not-found');
      const measured = await measuredVideo(content).catch(async (error: unknown) => {
        await discardKey();
        throw error;
      });
      const durationSeconds = await durationOf(measured)
        .catch(async (error: unknown) => {
          await discardKey(); // an unplayable QuickTime
          throw error;
        })
        .finally(() => {
          measured.body.destroy();
          content.destroy(); // the duration is known: the rest of the object need not be read
        });
      const video: StoredFile = {
        type: 'video',
        bucket: 'uploads',
        name: key,
        mimeType: measured.mime,
        sizeBytes: head.sizeBytes,
      };
      try {
        return await db.transaction(async (tx) => {
          const assetId = await repo.insertAsset(tx, { ...video, ...owner });
          return apply(tx, { assetId, ...video, durationSeconds });
        });
      } catch (error) {
        // A confirmation sent twice at once: the other one recorded the key, and its file must stay.
        if (await repo.findLiveAsset(db, 'uploads', key)) throw new AppError('asset-not-found');
        await discardKey();
        throw error;
      }
    },

    /** A profile picture for oneself, or (studio and admins) for another user. */
    async uploadAvatar(
      actor: AuthUser,
      forUser: number | undefined,
      files: AsyncIterable<IncomingFile>,
    ): Promise<User> {
      const userId = forUser ?? actor.id;
      if (userId !== actor.id && !MEDIA_STAFF.includes(actor.role)) throw new AppError('forbidden');
      const user = await users.findById(db, userId);
      if (!user) throw new AppError('user-not-found');
      const stored = await storeAll(files, { image: stores.image });
      const { image } = stored;
      if (!image) throw new AppError('bad-request', { fields: { image: 'required' } });
      const result = await record(stored, { ownerId: userId, createdBy: actor.id }, (tx) =>
        users.setImage(tx, userId, image.name),
      );
      await retirePicture(user.image, userId);
      await users.changedIfTutor(user);
      return result;
    },

    /** A tutor's photo, intro video and video thumbnail from the photo session (any of them, in one request). */
    async uploadTutorAssets(actor: AuthUser, tutorId: number, files: AsyncIterable<IncomingFile>): Promise<TutorMeta> {
      const tutor = await users.findById(db, tutorId);
      if (!tutor || !isTutorLike(tutor.role as RoleId)) throw new AppError('tutor-not-found');
      const stored = await storeAll(files, stores);
      const [image, video, thumbnail] = [stored.image?.name, stored.video?.name, stored.thumbnail?.name];
      if (!image && !video && !thumbnail) {
        throw new AppError('bad-request', { fields: { image: 'required', video: 'required', thumbnail: 'required' } });
      }
      await record(stored, { ownerId: tutorId, createdBy: actor.id }, async (tx) => {
        if (image) await users.setImage(tx, tutorId, image);
        if (video || thumbnail)
          await users.setTutorMedia(tx, tutorId, { ...(video && { video }), ...(thumbnail && { thumbnail }) });
      });
      if (image) await retirePicture(tutor.image, tutorId);
      await users.changedIfTutor(tutor);
      return users.tutorMeta(tutorId);
    },

    /**
     * A withdrawal receipt (field `receipt`, an image) stored privately for `ownerId`, the invoice's tutor; `apply`
     * runs in the transaction that records it, and if it refuses (an illegal move) the file is removed again.
     */
    async withReceipt<T>(
      actor: AuthUser,
      ownerId: number,
      files: AsyncIterable<IncomingFile>,
      apply: (tx: Db, assetId: number) => Promise<T>,
    ): Promise<T> {
      const stored = await storeAll(files, {
        receipt: async (content) =>
          storePicture('receipt', await receiptPicture(await readAtMost(content, RECEIPT_MAX_BYTES))),
      });
      if (!stored.receipt) throw new AppError('bad-request', { fields: { receipt: 'required' } });
      return record(stored, { ownerId, createdBy: actor.id }, (tx, ids) => apply(tx, ids.receipt ?? 0));
    },

    /**
     * A problem report's files, stored privately for the reporter: `screenshot` (any image, re-encoded) and `log`
     * (UTF-8 text). `apply` records the report in the transaction that records them; on any failure none stay.
     */
    async withReportFiles<T>(
      actor: AuthUser,
      files: AsyncIterable<IncomingFile>,
      apply: (tx: Db, assetIds: { screenshot?: number; log?: number }) => Promise<T>,
    ): Promise<T> {
      const stored = await storeAll(files, {
        screenshot: async (content) =>
          storePicture('screenshot', await receiptPicture(await readAtMost(content, REPORT_SCREENSHOT_MAX_BYTES))),
        log: async (content) => {
          const text = utf8Text(await readAtMost(content, REPORT_LOG_MAX_BYTES));
          const name = newName('txt');
          const sizeBytes = await storage.put('receipts', name, text, LOG_MIME);
          return { type: 'log', bucket: 'receipts', name, mimeType: LOG_MIME, sizeBytes };
        },
      });
      return record(stored, { ownerId: actor.id, createdBy: actor.id }, (tx, ids) =>
        apply(tx, { ...(ids.screenshot && { screenshot: ids.screenshot }), ...(ids.log && { log: ids.log }) }),
      );
    },

    /**
     * A stored file to send: public uploads to anyone, private files to their owner and admins.
     * `range` is resolved against the file's size by the caller.
     */
    async open(bucket: Bucket, name: string, viewer: AuthUser | null) {
      if (bucket === 'receipts' && !viewer) throw new AppError('unauthenticated');
      const asset = await repo.findLiveAsset(db, bucket, name);
      if (!asset) throw new AppError('asset-not-found');
      if (bucket === 'receipts' && viewer && viewer.id !== asset.ownerId && !ADMINS.includes(viewer.role)) {
        throw new AppError('forbidden');
      }
      return {
        mimeType: asset.mimeType,
        sizeBytes: asset.sizeBytes,
        read: async (range?: ByteRange) => {
          const body = await storage.get(bucket, name, range);
          if (!body) throw new AppError('asset-not-found');
          return body;
        },
      };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
