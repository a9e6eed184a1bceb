import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PhotoFormat } from '#shared/listings/listing-photos';
import { notFound } from '#server/lib/errors';
import { findFile, findFileType, findImage, findRendition, imageExists, renditionExists } from './media.repository';
import { servedFileName } from './photos.service';

const NO_SUCH_IMAGE = 'There is no such image.';
const NO_SUCH_FILE = 'There is no such file.';
const FILE_NAME = /^([0-9a-f]{64})\.jpg$/;
const HASH = /^[0-9a-f]{64}$/;
/** `{width}.{ext}`: a width without leading zeros, one of the three formats. */
const RENDITION = /^([1-9][0-9]{0,4})\.(avif|webp|jpg)$/;
const FORMATS: Record<string, { format: PhotoFormat; type: string }> = {
  avif: { format: 'avif', type: 'image/avif' },
  webp: { format: 'webp', type: 'image/webp' },
  jpg: { format: 'jpeg', type: 'image/jpeg' },
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when the request's If-None-Match names this ETag (or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  return ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

function cached(reply: FastifyReply, etag: string): FastifyReply {
  return reply.header('cache-control', IMMUTABLE).header('etag', etag);
}

/** `inline; filename="…"` with an ASCII name, and the UTF-8 name as `filename*` when it differs (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii === name ? `inline; filename="${ascii}"` : `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Content-addressed, so a URL's bytes never change: cache for a year, revalidate by ETag. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/media/:file', { config: { access: 'public' }, schema: { tags: ['media'], params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const hash = FILE_NAME.exec(request.params.file)?.[1];
    if (!hash) throw notFound(NO_SUCH_IMAGE);
    const etag = `"${hash}"`;
    const conditional = matches(request, etag);
    // The bytes behind a hash never change, but the image may have been removed since.
    const image = conditional ? await imageExists(app.db, hash) : await findImage(app.db, hash);
    if (!image) throw notFound(NO_SUCH_IMAGE);
    cached(reply, etag);
    if (image === true) return reply.status(304).send();
    return reply.type('image/jpeg').send(Buffer.from(image.bytes));
  });

  // A listing photo's rendition: /media/photos/{id}/{width}.{avif|webp|jpg}.
  r.get(
    '/media/photos/:id/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        description: 'One size and format of a listing photo, long-cached (the URL names the photo by its content).',
        params: z.object({ id: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const match = RENDITION.exec(file);
      if (!HASH.test(id) || !match) throw notFound(NO_SUCH_IMAGE);
      const width = Number(match[1]);
      const { format, type } = FORMATS[match[2]!]!;
      const etag = `"${id}-${width}-${format}"`;
      const conditional = matches(request, etag);
      const rendition = conditional ? await renditionExists(app.db, id, width, format) : await findRendition(app.db, id, width, format);
      if (!rendition) throw notFound(NO_SUCH_IMAGE);
      cached(reply, etag);
      if (rendition === true) return reply.status(304).send();
      return reply.type(type).send(Buffer.from(rendition.bytes));
    },
  );

  // A document (a project's floor plan): /media/files/{hash}/{name}, shown in the browser under its name.
  r.get(
    '/media/files/:hash/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        description: "A listing's document (a floor plan: PDF or image), served inline under the name in its URL.",
        params: z.object({ hash: z.string(), name: z.string() }),
      },
    },
    async (request, reply) => {
      const { hash, name } = request.params;
      if (!HASH.test(hash)) throw notFound(NO_SUCH_FILE);
      const etag = `"${hash}"`;
      const conditional = matches(request, etag);
      // The bytes behind a hash never change, but the file may have been removed since.
      if (conditional) {
        const known = await findFileType(app.db, hash);
        if (!known) throw notFound(NO_SUCH_FILE);
        cached(reply, etag).header('content-disposition', contentDisposition(servedFileName(name, known.contentType)));
        return reply.status(304).send();
      }
      const stored = await findFile(app.db, hash);
      if (!stored) throw notFound(NO_SUCH_FILE);
      cached(reply, etag).header('content-disposition', contentDisposition(servedFileName(name, stored.contentType)));
      return reply.type(stored.contentType).send(Buffer.from(stored.bytes));
    },
  );
}
