import { createHash } from 'node:crypto';
import { loadSharp } from '#server/lib/lazy-modules';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_SIZE, NOT_AN_IMAGE } from '#shared/listings/listings.contract';
import { tooLarge, unsupportedMedia, type HttpError } from '#server/lib/errors';

/** An image as stored: the 300×300 JPEG and its hash (SHA-256, hex). */
export interface StoredImage {
  hash: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB. Please choose a smaller file.';
export const IMAGE_TOO_MANY_PIXELS = 'The image is larger than 40 megapixels. Please choose a smaller picture.';
export const IMAGE_UNREADABLE = 'The image could not be read. Please choose another JPEG, PNG or WebP file.';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** What the file is by its first bytes, whatever its name or declared type says. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** What an upload is, read from its header alone. */
export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Checks that the bytes are a JPEG, PNG or WebP within the size and pixel limits, from the header
 * alone, so a small file that decodes to billions of pixels is refused before decoding. A file that
 * is no such image is refused with `refuse` (415 for the listing image, as it always was; the photo
 * calls answer 400).
 */
export async function inspectImage(bytes: Buffer, refuse: (message: string) => HttpError = unsupportedMedia): Promise<ImageHeader> {
  if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge(IMAGE_TOO_LARGE);
  const format = sniffImageFormat(bytes);
  if (!format) throw refuse(NOT_AN_IMAGE);
  let width: number | undefined;
  let height: number | undefined;
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== format) throw new Error('content and header disagree');
    ({ width, height } = metadata);
  } catch {
    throw refuse(IMAGE_UNREADABLE);
  }
  if (!width || !height) throw refuse(IMAGE_UNREADABLE);
  if (width * height > IMAGE_MAX_PIXELS) throw tooLarge(IMAGE_TOO_MANY_PIXELS);
  return { format, width, height };
}

/**
 * Checks an uploaded image and re-encodes it as the 300×300 JPEG (cover crop, quality 100) that is
 * stored and served. The output carries no metadata (EXIF, GPS, ICC, comments): sharp writes none
 * unless asked to. Clients that skip the browser resize get the same result.
 */
export async function prepareImage(bytes: Buffer): Promise<StoredImage> {
  await inspectImage(bytes);
  const sharp = await loadSharp();
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' }) // transparent PNG/WebP: white, not black, behind
      .jpeg({ quality: 100 })
      .toBuffer();
  } catch {
    throw unsupportedMedia(IMAGE_UNREADABLE);
  }
  return { hash: createHash('sha256').update(output).digest('hex'), bytes: output, width: IMAGE_SIZE, height: IMAGE_SIZE };
}

export function imageUrl(hash: string): string {
  return `/media/${hash}.jpg`;
}
