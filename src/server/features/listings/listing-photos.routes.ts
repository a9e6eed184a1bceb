import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_WIDTHS, PHOTOS_MAX } from '#shared/listings/listing-photos';
import {
  FLOOR_PLAN_MAX_BYTES,
  FLOOR_PLAN_MESSAGES,
  floorPlanAnswer,
  PHOTO_MESSAGES,
  photoAltBody,
  photoOrderBody,
  photosAnswer,
  uploadedAlt,
} from '#shared/listings/listing-photos.contract';
import { FLOOR_PLAN_API, LISTING_PHOTOS_API } from '#shared/listings/listing-photos.api';
import { IMAGE_MAX_BYTES } from '#shared/listings/listings.contract';
import { badRequest } from '#server/lib/errors';
import { readMultipartFiles } from '#server/lib/multipart-form';
import { IMAGE_TOO_LARGE } from '#server/features/media';
import { listingKinds } from './listing-kinds';
import { addPhotos, deletePhoto, orderPhotos, removeFloorPlan, setFloorPlan, setPhotoAlt } from './listing-photos.service';

const tags = ['listings'];
const idParams = z.object({ id: z.string() });
const photoParams = z.object({ id: z.string(), photoId: z.string() });
const tooManyFiles = () => badRequest(PHOTO_MESSAGES.tooManyFiles, [{ field: 'file', message: PHOTO_MESSAGES.tooManyFiles }]);

const plural = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/**
 * Staff calls for a listing's photos (every kind) and a project's floor plan. Uploads are
 * multipart; each file is held in memory (at most 13 photos of 5 MB, or one floor plan of 10 MB).
 */
export async function listingPhotoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const spec of Object.values(listingKinds)) {
    const paths = LISTING_PHOTOS_API[spec.kind];

    r.post(
      paths.add.pattern,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          description: `Adds photos to a ${spec.label.toLowerCase()} after its others (at most ${PHOTOS_MAX} in all; the first is the cover): one \`file\` part per photo (JPEG, PNG or WebP, 5 MB each) and optionally one \`alt\` part per file, in the same order. The same file twice is one photo. Each is re-encoded into the widths ${PHOTO_WIDTHS.join(', ')} not larger than itself, as AVIF, WebP and JPEG, without metadata, served at /media/photos/{photoId}/{width}.{avif|webp|jpg}.`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: photosAnswer },
        },
      },
      async (request, reply) => {
        const form = await readMultipartFiles(request, {
          notMultipart: PHOTO_MESSAGES.notMultipart,
          tooLarge: IMAGE_TOO_LARGE,
          // One more than a listing may have, so a 13th file is refused with the limit's own message.
          limits: { fileSize: IMAGE_MAX_BYTES, files: PHOTOS_MAX + 1, fields: PHOTOS_MAX + 1, parts: 2 * (PHOTOS_MAX + 1) },
          tooManyFiles,
        });
        const alts = form.fields.filter((field) => field.name === 'alt').map((field) => field.value);
        const uploads = form.files.map((file, i) => {
          const alt = uploadedAlt.safeParse(alts[i] ?? '');
          if (!alt.success) throw badRequest(alt.error.issues[0]!.message, [{ field: 'alt', message: alt.error.issues[0]!.message }]);
          return { bytes: file.bytes, alt: alt.data };
        });
        const result = await addPhotos(app.db, spec, request.params.id, uploads, request.staff!);
        return reply.status(201).send({ message: `${plural(new Set(result.added).size)} added.`, ...result });
      },
    );

    r.put(
      paths.order.pattern,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          description: 'Puts the photos in this order (each of them once; the first is the cover).',
          params: idParams,
          body: photoOrderBody,
          response: { 200: photosAnswer },
        },
      },
      async (request) => {
        const photos = await orderPhotos(app.db, spec, request.params.id, request.body.ids, request.staff!);
        return { message: 'Photo order saved.', photos };
      },
    );

    r.put(
      paths.one.pattern,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          description: "Sets a photo's alt text (empty: the listing's name is read).",
          params: photoParams,
          body: photoAltBody,
          response: { 200: photosAnswer },
        },
      },
      async (request) => {
        const photos = await setPhotoAlt(app.db, spec, request.params.id, request.params.photoId, request.body.alt, request.staff!);
        return { message: 'Alt text saved.', photos };
      },
    );

    r.delete(
      paths.one.pattern,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          description: 'Takes a photo off the listing (its files go when no listing shows it).',
          params: photoParams,
          response: { 200: photosAnswer },
        },
      },
      async (request) => {
        const photos = await deletePhoto(app.db, spec, request.params.id, request.params.photoId, request.staff!);
        return { message: 'Photo deleted.', photos };
      },
    );
  }

  const project = listingKinds.project;
  r.post(
    FLOOR_PLAN_API.project.pattern,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          "Sets or replaces a project's floor plan: a multipart `file` (a PDF up to 10 MB, checked by its bytes, or a JPEG, PNG or WebP up to 5 MB, re-encoded without metadata) and an optional `filename` it is shown under. Served inline at the item's `floorPlan.url`.",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: floorPlanAnswer },
      },
    },
    async (request) => {
      const form = await readMultipartFiles(request, {
        notMultipart: FLOOR_PLAN_MESSAGES.notMultipart,
        tooLarge: FLOOR_PLAN_MESSAGES.tooLarge,
        limits: { fileSize: FLOOR_PLAN_MAX_BYTES, files: 1, fields: 2, parts: 3 },
      });
      const file = form.files.find((f) => f.field === 'file');
      if (!file) throw badRequest(FLOOR_PLAN_MESSAGES.required, [{ field: 'file', message: FLOOR_PLAN_MESSAGES.required }]);
      const named = form.fields.find((field) => field.name === 'filename')?.value.trim();
      const floorPlan = await setFloorPlan(app.db, project, request.params.id, { bytes: file.bytes, filename: named || file.filename }, request.staff!);
      return { message: 'Floor plan saved.', floorPlan };
    },
  );

  r.delete(
    FLOOR_PLAN_API.project.pattern,
    { config: { access: 'staff' }, schema: { tags, description: "Removes a project's floor plan.", params: idParams, response: { 200: floorPlanAnswer } } },
    async (request) => {
      await removeFloorPlan(app.db, project, request.params.id, request.staff!);
      return { message: 'Floor plan removed.', floorPlan: null };
    },
  );
}
