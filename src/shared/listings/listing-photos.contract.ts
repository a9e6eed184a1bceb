import { z } from 'zod';
import { messageAnswer } from '../api-answer';
import { safeText } from '../text-schema';
import { listingFile, listingPhoto, PHOTOS_MAX } from './listing-photos';

/**
 * Staff calls for a listing's photos and a project's floor plan: what they take, what they
 * answer, and what they say when they refuse. Paths in listing-photos.api.ts.
 */

/** A floor plan may be a PDF of up to 10 MB, or an image within the image limits (5 MB, 40 megapixels). */
export const FLOOR_PLAN_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_ALT_MAX = 200;

export const PHOTO_MESSAGES = {
  required: 'Please choose at least one photo.',
  notMultipart: 'Please send the photos as a multipart form.',
  /** The upload would take the listing past PHOTOS_MAX (a 13th photo). */
  tooMany: (existing: number) =>
    existing >= PHOTOS_MAX
      ? `A listing can have at most ${PHOTOS_MAX} photos and this one has ${existing}. Please delete one before adding another.`
      : `A listing can have at most ${PHOTOS_MAX} photos: this one has ${existing}, so at most ${PHOTOS_MAX - existing} more can be added.`,
  /** More files in one upload than a listing may have. */
  tooManyFiles: `A listing can have at most ${PHOTOS_MAX} photos. Please choose fewer files.`,
  orderInvalid: "The order must list each of the listing's photos exactly once.",
  notFound: 'There is no such photo on this listing.',
  altTooLong: `The alt text can be at most ${PHOTO_ALT_MAX} characters.`,
} as const;

export const FLOOR_PLAN_MESSAGES = {
  required: 'Please choose a floor plan file.',
  notMultipart: 'Please send the floor plan as a multipart form.',
  invalid: 'Please choose the floor plan as a PDF or an image (JPEG, PNG or WebP).',
  tooLarge: 'The floor plan is larger than 10 MB. Please choose a smaller file.',
  none: 'This project has no floor plan.',
} as const;

const altText = safeText({ message: PHOTO_MESSAGES.altTooLong }).trim().max(PHOTO_ALT_MAX, PHOTO_MESSAGES.altTooLong);

/** PUT …/photos/{id}/order: every photo id of the listing, cover first. */
export const photoOrderBody = z.object({
  ids: z.array(safeText({ message: PHOTO_MESSAGES.orderInvalid }), { message: PHOTO_MESSAGES.orderInvalid }).max(PHOTOS_MAX, PHOTO_MESSAGES.orderInvalid),
});
export type PhotoOrder = z.infer<typeof photoOrderBody>;

/** PUT …/photos/{id}/{photoId}: the photo's alt text (empty: the listing's name is read instead). */
export const photoAltBody = z.object({ alt: altText });
export type PhotoAlt = z.infer<typeof photoAltBody>;

/** The alt text sent with an upload (multipart `alt` fields, one per file, in order). */
export const uploadedAlt = altText;

/** What the photo calls answer: the listing's photos as they are now, cover first. */
export const photosAnswer = messageAnswer.extend({
  photos: z.array(listingPhoto),
  /** After an upload: the id of each uploaded file, in the order the files were sent. */
  added: z.array(z.string()).optional(),
});
export type PhotosAnswer = z.infer<typeof photosAnswer>;

export const floorPlanAnswer = messageAnswer.extend({ floorPlan: listingFile.nullable() });
export type FloorPlanAnswer = z.infer<typeof floorPlanAnswer>;
