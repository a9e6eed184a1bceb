import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LISTING_PAGES_API } from '#shared/listings/listing-pages.api';
import { productItem, projectItem } from '#shared/listings/listings.contract';
import { reraQrSvg, similarDecor, similarHomes } from './listing-pages.service';

/** What a listing's own page reads besides the item: similar listings and the RERA QR code. */
export async function listingPagesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['listings'];
  const params = z.object({ id: z.string() });

  r.get(
    LISTING_PAGES_API.similarProjects.pattern,
    { config: { access: 'public' }, schema: { tags, params, response: { 200: z.array(projectItem) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return similarHomes(app.db, request.params.id);
    },
  );

  r.get(
    LISTING_PAGES_API.similarProducts.pattern,
    { config: { access: 'public' }, schema: { tags, params, response: { 200: z.array(productItem) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return similarDecor(app.db, request.params.id);
    },
  );

  r.get(LISTING_PAGES_API.reraQr.pattern, { config: { access: 'public' }, schema: { tags, params, produces: ['image/svg+xml'] } }, async (request, reply) => {
    const { svg, etag } = await reraQrSvg(app.db, request.params.id);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
