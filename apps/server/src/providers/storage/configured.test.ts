import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { directUploadOrigin, storageOf } from './configured.ts';

const DATA_DIR = join(tmpdir(), 'darsak-storage-config');
const S3 = {
  DATA_DIR,
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_REGION: 'eu-central-1',
  S3_BUCKET: 'darsak',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('the configured storage', () => {
  it('is the disk by default, taking no direct uploads', () => {
    const config = loadConfig({ DATA_DIR });
    expect(config.STORAGE_DRIVER).toBe('disk');
    expect(storageOf(config).direct).toBeUndefined();
    expect(directUploadOrigin(config)).toBeUndefined();
  });

  it('is the S3 store with every S3 setting, addressed by path or by host name', () => {
    const pathStyle = loadConfig(S3);
    expect(storageOf(pathStyle).direct).toBeDefined();
    expect(directUploadOrigin(pathStyle)).toBe('http://127.0.0.1:9000');
    const hosted = loadConfig({ ...S3, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' });
    expect(directUploadOrigin(hosted)).toBe('https://darsak.s3.example.com');
  });

  it('refuses to start with the s3 driver half configured, naming what is missing', () => {
    const { S3_BUCKET: _bucket, S3_SECRET_ACCESS_KEY: _secret, ...partial } = S3;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(/S3_BUCKET, S3_SECRET_ACCESS_KEY must be set when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT: must be a URL/);
    expect(() => loadConfig({ ...S3, STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});
