import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { isUnfiltered, parseFilters, type FilterProblem } from '#shared/listings/listing-filters';
import { productChoicesSchema, productListQuery, projectChoicesSchema, projectListQuery } from '#shared/listings/listing-filters.contract';
import { LISTING_CHOICES_API } from '#shared/listings/listings.api';
import { listingSavedSchema, type ListingKind } from '#shared/listings/listings.contract';
import { LISTINGS_API } from '#shared/listings/listings.api';
import { badRequest } from '#server/lib/errors';
import { readListingForm } from './listing-form';
import { cachedProductChoices, cachedProjectChoices, dayIn, filterProducts, filterProjects } from './listing-filters.service';
import { listingKinds } from './listing-kinds';
import { addItem, deleteItem, getItem, serializedList, updateItem } from './listings.service';

const saved = listingSavedSchema;
const deleted = messageAnswer;

/** 400 with a sentence per parameter that cannot be used, the first as the message. */
function refuse(problems: FilterProblem[]): void {
  if (problems.length > 0)
    throw badRequest(
      problems[0]!.message,
      problems.map(({ field, message }) => ({ field, message })),
    );
}

/**
 * Homes and decor take filters: the items that pass them (JSON), or null when the query asks
 * for none, so the whole list goes out exactly as before. "Ready by" counts from today in the
 * studio's time zone (settings; Asia/Kolkata unless changed).
 */
const filteredItems: Partial<Record<ListingKind, (app: FastifyInstance, query: Record<string, unknown>) => Promise<string | null>>> = {
  project: async (app, query) => {
    const { filters, problems } = parseFilters('project', query);
    refuse(problems);
    if (isUnfiltered(filters)) return null;
    const { timeZone } = await app.settings.current();
    return filterProjects(app.contentCache, app.db, listingKinds.project, filters, dayIn(timeZone, new Date()));
  },
  product: async (app, query) => {
    const { filters, problems } = parseFilters('product', query);
    refuse(problems);
    if (isUnfiltered(filters)) return null;
    return filterProducts(app.contentCache, app.db, listingKinds.product, filters);
  },
};

const listQueries: Partial<Record<ListingKind, z.ZodType>> = { project: projectListQuery, product: productListQuery };

/** GET /api/{kind}/get (public), POST /api/{kind}/add|update (multipart) and DELETE /api/{kind}/delete/:id, per kind. */
export async function listingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const spec of Object.values(listingKinds)) {
    const tags = ['listings'];
    const paths = LISTINGS_API[spec.kind];
    const filter = filteredItems[spec.kind];
    const querystring = listQueries[spec.kind];

    const sendWholeList = async (request: FastifyRequest, reply: FastifyReply) => {
      // Sent as JSON serialized and compressed once per change (the app's content cache); the schema documents its shape.
      const list = await serializedList(app.contentCache, app.db, spec);
      reply.header('cache-control', 'no-cache').header('etag', list.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === list.etag) return reply.status(304).send();
      const { encoding, body } = list.body.encode(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    };

    app.get(
      paths.list,
      { config: { access: 'public' }, schema: { tags, ...(querystring ? { querystring } : {}), response: { 200: z.array(spec.itemSchema), 304: z.null() } } },
      async (request, reply) => {
        const json = filter ? await filter(app, request.query as Record<string, unknown>) : null;
        if (json === null) return sendWholeList(request, reply);
        // The items as the whole list writes them (same fields, same order), chosen for this query alone.
        return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json);
      },
    );

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

    r.post(paths.update, { config: { access: 'staff' }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: saved } } }, async (request) => {
      const _id = await updateItem(app.db, spec, await readListingForm(request), request.staff!);
      return { message: `${spec.label} updated successfully.`, _id };
    });

    r.delete(
      paths.remove.pattern,
      { config: { access: 'staff' }, schema: { tags, params: z.object({ id: z.string() }), response: { 200: deleted } } },
      async (request) => {
        await deleteItem(app.db, spec, request.params.id, request.staff!);
        return { message: `${spec.label} deleted successfully.` };
      },
    );
  }

  // What the filter forms offer, from the listings themselves.
  r.get(
    LISTING_CHOICES_API.project,
    { config: { access: 'public' }, schema: { tags: ['listings'], response: { 200: projectChoicesSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return cachedProjectChoices(app.contentCache, app.db);
    },
  );
  r.get(
    LISTING_CHOICES_API.product,
    { config: { access: 'public' }, schema: { tags: ['listings'], response: { 200: productChoicesSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return cachedProductChoices(app.contentCache, app.db);
    },
  );
}
