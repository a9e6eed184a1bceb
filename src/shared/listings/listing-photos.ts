import { z } from 'zod';

/**
 * A listing's photos: each upload is re-encoded once into responsive sizes, in AVIF and
 * WebP with a JPEG fallback, and served long-cached by its id. The item carries only what a page needs
 * to build `srcset`/`sizes` and reserve the space (width and height of the largest size).
 */
export const PHOTOS_MAX = 12;
/** The widths a photo is stored at (never larger than the upload). */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const listingPhoto = z.object({
  id: z.string(),
  /** Size of the largest stored rendition, in pixels. */
  width: z.number(),
  height: z.number(),
  /** The widths stored for this photo, ascending. */
  widths: z.array(z.number()),
  /** Text for screen readers; empty means the listing's name is used. */
  alt: z.string(),
});
export type ListingPhoto = z.output<typeof listingPhoto>;

/** A document attached to a listing (a floor plan): an image or a PDF. */
export const listingFile = z.object({
  url: z.string(),
  type: z.enum(['image', 'pdf']),
  filename: z.string(),
});
export type ListingFile = z.output<typeof listingFile>;

const EXTENSIONS: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** URL of one rendition: `/media/photos/{id}/{width}.{avif|webp|jpg}`. */
export function photoUrl(id: string, width: number, format: PhotoFormat): string {
  return `/media/photos/${encodeURIComponent(id)}/${width}.${EXTENSIONS[format]}`;
}

/** A `srcset` of one format over the widths the photo has. */
export function photoSrcSet(photo: Pick<ListingPhoto, 'id' | 'widths'>, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoUrl(photo.id, width, format)} ${width}w`).join(', ');
}
