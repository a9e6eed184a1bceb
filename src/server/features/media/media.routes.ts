import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/errors';
import { findImage, imageExists } from './media.repository';

const NO_SUCH_IMAGE = 'There is no such image.';
const FILE_NAME = /^([0-9a-f]{64})\.jpg$/;

/** Content-addressed, so a URL's bytes never change: cache for a year, revalidate by ETag. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/media/:file',
    { config: { access: 'public' }, schema: { tags: ['media'], params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const hash = FILE_NAME.exec(request.params.file)?.[1];
      if (!hash) throw notFound(NO_SUCH_IMAGE);
      const etag = `"${hash}"`;
      const ifNoneMatch = request.headers['if-none-match'];
      const cached = ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
      // The bytes behind a hash never change, but the image may have been removed since.
      const image = cached ? await imageExists(app.db, hash) : await findImage(app.db, hash);
      if (!image) throw notFound(NO_SUCH_IMAGE);
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (image === true) return reply.status(304).send();
      return reply.type('image/jpeg').send(Buffer.from(image.bytes));
    },
  );
}
