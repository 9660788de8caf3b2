import type { Config } from '../../config/env.ts';
import { createDiskStorage, filesDirOf } from './disk.adapter.ts';
import { bucketUrl, createS3Storage, type S3Settings } from './s3.adapter.ts';
import type { Storage } from './storage.ts';

/** The settings that choose and reach the store (all optional where only the S3 part matters). */
export type S3Config = Partial<
  Pick<
    Config,
    | 'STORAGE_DRIVER'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_BUCKET'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >
>;

/** The S3 settings when the driver is s3 (loadConfig has checked they come together), else undefined. */
function s3SettingsOf(config: S3Config): S3Settings | undefined {
  if (config.STORAGE_DRIVER !== 's3') return undefined;
  const { S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !S3_REGION || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('STORAGE_DRIVER=s3 needs every S3_ setting');
  }
  return {
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** The storage STORAGE_DRIVER names: files under DATA_DIR (the default) or an S3-compatible store. */
export function storageOf(config: S3Config & Pick<Config, 'DATA_DIR'>): Storage {
  const s3 = s3SettingsOf(config);
  return s3 ? createS3Storage(s3) : createDiskStorage(filesDirOf(config.DATA_DIR));
}

/** Where browsers send uploads straight to the store (the app's connect-src), when the driver takes them. */
export function directUploadOrigin(config: S3Config): string | undefined {
  const s3 = s3SettingsOf(config);
  return s3 && bucketUrl(s3).origin;
}
