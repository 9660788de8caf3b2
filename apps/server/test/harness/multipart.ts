import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface UploadPart {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A `multipart/form-data` body for `app.inject`: files, and text parts given as strings. */
export function multipartRequest(parts: Record<string, UploadPart | string>) {
  const boundary = `----darsak${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [field, part] of Object.entries(parts)) {
    if (typeof part === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${part}\r\n`));
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let png: Promise<Buffer> | undefined;

/** A real PNG large enough for an avatar (spec §5: at least 480x480). */
export function avatarPng(): Promise<UploadPart> {
  png ??= sharp({ create: { width: 480, height: 480, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  return png.then((data) => ({ filename: 'avatar.png', contentType: 'image/png', data }));
}
