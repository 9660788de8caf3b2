import { AVATAR_MAX_BYTES } from '@darsak/domain/assets';
import { usersContract } from '@darsak/domain/users';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerOf, bindContract } from '../../platform/http/bind-contract.ts';
import { incomingFiles, registerUploads } from '../../platform/http/uploads.ts';
import type { Bucket } from '../../providers/storage/storage.ts';
import type { AssetsService } from './assets.service.ts';

const FileParams = z.strictObject({ name: z.string().max(200) });

/** Names are random and never reused, so a public file can be cached for a year. */
const CACHE_CONTROL: Record<Bucket, string> = {
  uploads: 'public, max-age=31536000, immutable',
  receipts: 'private, max-age=3600',
};

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range (what video players send); anything else means the whole file. */
export function parseRange(header: string | undefined, size: number) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end && start < size ? { start, end } : undefined;
}

export const assetsRoutes: FastifyPluginAsync<{ assets: AssetsService }> = async (app, { assets }) => {
  // Routes read their own limits; this default only covers a multipart body sent to another route of this plugin.
  await registerUploads(app, { limits: { fileSize: AVATAR_MAX_BYTES } });

  const { uploadAvatar, uploadTutorAssets } = usersContract;
  bindContract(app, uploadAvatar, ({ user, query, raw }) =>
    assets.uploadAvatar(user, query.forUser, incomingFiles(raw, uploadAvatar.multipart)),
  );
  bindContract(app, uploadTutorAssets, ({ user, query, raw }) =>
    assets.uploadTutorAssets(user, query.tutorId, incomingFiles(raw, uploadTutorAssets.multipart)),
  );

  const serve = (bucket: Bucket) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as z.infer<typeof FileParams>;
    const token = bucket === 'receipts' ? bearerOf(request) : undefined;
    const viewer = token ? await app.authenticator.authenticate(token) : null;
    const file = await assets.open(bucket, name, viewer);
    const range = parseRange(request.headers.range, file.sizeBytes);
    reply
      .header('content-type', file.mimeType)
      .header('cache-control', CACHE_CONTROL[bucket])
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes');
    if (!range) return reply.header('content-length', file.sizeBytes).send(await file.read());
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
      .header('content-length', range.end - range.start + 1)
      .send(await file.read(range));
  };
  const schema = (summary: string) => ({ summary, tags: ['asset'], params: FileParams });
  app.get('/assets/uploads/:name', { schema: schema('A public file (pictures, tutor media)') }, serve('uploads'));
  app.get('/assets/receipts/:name', { schema: schema('A receipt (its owner and staff only)') }, serve('receipts'));
};
