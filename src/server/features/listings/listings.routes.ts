import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { LISTINGS_API, listingSavedSchema } from '#shared/listings/listings.contract';
import { readListingForm } from './listing-form';
import { listingKinds } from './listing-kinds';
import { addItem, deleteItem, getItem, serializedList, updateItem } from './listings.service';

const saved = listingSavedSchema;
const deleted = messageAnswer;

/** GET /api/{kind}/get (public), POST /api/{kind}/add|update (multipart) and DELETE /api/{kind}/delete/:id, per kind. */
export async function listingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const spec of Object.values(listingKinds)) {
    const tags = ['listings'];
    const paths = LISTINGS_API[spec.kind];

    // Sent as JSON serialized and compressed once per change (the app's content cache); the schema documents its shape.
    app.get(paths.list, { config: { access: 'public' }, schema: { tags, response: { 200: z.array(spec.itemSchema), 304: z.null() } } }, async (request, reply) => {
      const list = await serializedList(app.contentCache, app.db, spec);
      reply.header('cache-control', 'no-cache').header('etag', list.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === list.etag) return reply.status(304).send();
      const { encoding, body } = list.body.encode(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    });

    r.get(
      paths.one.pattern,
      { config: { access: 'public' }, schema: { tags, params: z.object({ id: z.string() }), response: { 200: spec.itemSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return getItem(app.db, spec, request.params.id);
      },
    );

    r.post(
      paths.add,
      { config: { access: 'staff' }, schema: { tags, consumes: ['multipart/form-data'], response: { 201: saved } } },
      async (request, reply) => {
        const _id = await addItem(app.db, spec, await readListingForm(request), request.staff!);
        return reply.status(201).send({ message: `${spec.label} added successfully.`, _id });
      },
    );

    r.post(
      paths.update,
      { config: { access: 'staff' }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: saved } } },
      async (request) => {
        const _id = await updateItem(app.db, spec, await readListingForm(request), request.staff!);
        return { message: `${spec.label} updated successfully.`, _id };
      },
    );

    r.delete(
      paths.remove.pattern,
      { config: { access: 'staff' }, schema: { tags, params: z.object({ id: z.string() }), response: { 200: deleted } } },
      async (request) => {
        await deleteItem(app.db, spec, request.params.id, request.staff!);
        return { message: `${spec.label} deleted successfully.` };
      },
    );
  }
}
