import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** The encoding a browser takes, brotli first, or none. */
function acceptedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]?.trim()));
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** A quick brotli level: about a millisecond a page, where the build's level 11 would take tens. */
const compress = (html: string, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html);

/** A page compressed as the browser accepts it (brotli, else gzip), for a page finished per request. */
export function encodePage(acceptEncoding: string | undefined, reply: FastifyReply, html: string): string | Buffer {
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(acceptEncoding);
  if (!encoding) return html;
  reply.header('content-encoding', encoding);
  return compress(html, encoding);
}

/** A page sent many times unchanged: its weak ETag and each compressed form are made once. */
export interface SentPage {
  html: string;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

// Weak: the same page is sent brotli, gzip or plain.
export const sentPage = (html: string): SentPage => ({
  html,
  etag: `W/"${createHash('sha1').update(html).digest('base64url')}"`,
  compressed: {},
});

/** Sends a page revalidated on every load (`no-cache`), answered 304 when the browser has it already. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, page: SentPage) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.code(status).type('text/html; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  page.compressed[encoding] ??= compress(page.html, encoding);
  return reply.header('content-encoding', encoding).send(page.compressed[encoding]);
}

/**
 * Sends a page rendered for one signed-in reader: stored by no cache (`private, no-store`; it varies with her
 * session cookie), so with no ETag either.
 */
export function sendPrivatePage(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  const body = encodePage(request.headers['accept-encoding'], reply, html);
  reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie');
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}
