import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { OutputInfo, Sharp } from 'sharp';
import { loadSharp } from '#server/lib/lazy-modules';
import { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from '#shared/listings/listing-photos';
import { FLOOR_PLAN_MAX_BYTES, FLOOR_PLAN_MESSAGES } from '#shared/listings/listing-photos.contract';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '#shared/listings/listings.contract';
import { badRequest, tooLarge } from '#server/lib/errors';
import { IMAGE_TOO_LARGE, IMAGE_UNREADABLE, inspectImage, sniffImageFormat } from './media.service';

export interface PhotoRendition {
  width: number;
  format: PhotoFormat;
  bytes: Buffer;
}

export interface PreparedPhoto {
  /** SHA-256 of the uploaded bytes (hex): the same file is one photo, wherever it is used. */
  id: string;
  /** The largest rendition's size. */
  width: number;
  height: number;
  /** Ascending. */
  widths: number[];
  renditions: PhotoRendition[];
}

/** A floor plan as stored: a PDF as uploaded, or an image re-encoded. */
export interface PreparedFile {
  /** SHA-256 of the uploaded bytes (hex). */
  hash: string;
  type: 'image' | 'pdf';
  contentType: string;
  bytes: Buffer;
}

/** What a listing needs to know of a stored photo to show it (the renditions are served by id). */
export interface PhotoInfo {
  id: string;
  width: number;
  height: number;
  widths: number[];
}

/**
 * Listing photos: an upload is checked as the listing image is (JPEG, PNG or WebP, 5 MB,
 * 40 megapixels, by its bytes), then decoded once with its EXIF orientation applied and re-encoded
 * into every PHOTO_WIDTHS size not wider than itself, each as AVIF, WebP and JPEG. sharp writes no
 * metadata unless asked to, so EXIF (GPS, camera, owner), XMP, IPTC, ICC and comments are gone from
 * every rendition.
 */

/**
 * The settings each format is encoded with (measured when this was written): AVIF at effort 0, not sharp's
 * default 4, which took 40 to 70 times as long for files 5 to 20 % smaller.
 */
const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 75, effort: 2 }),
  jpeg: (image) => image.jpeg({ quality: 80, progressive: true }),
};

/** The widths a photo `width` pixels wide is stored at: every PHOTO_WIDTHS size not larger; a photo narrower than the smallest keeps its own. */
export function photoWidths(width: number): number[] {
  const widths = PHOTO_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Encoding runs on libuv's thread pool, which also serves file reads (the site's assets): at most
 * this many encodes at once, whatever the number of uploads, so pages keep being served meanwhile.
 */
const ENCODE_SLOTS = Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2)));
let running = 0;
const waiting: Array<() => void> = [];

async function inSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= ENCODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const refuse = (message: string) => badRequest(message, [{ field: 'file', message }]);

/** Checks an upload (400 when it is no JPEG, PNG or WebP; 413 past 5 MB or 40 megapixels) without decoding it. */
export async function checkPhoto(bytes: Buffer): Promise<void> {
  await inspectImage(bytes, refuse);
}

/** Checks and re-encodes an upload into its renditions. Call it before the transaction opens: it takes a while. */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  await inspectImage(bytes, refuse);
  const sharp = await loadSharp();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await inSlot(() =>
      sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate() // the EXIF orientation, applied before the EXIF is dropped
        .flatten({ background: '#ffffff' }) // transparent PNG/WebP: white behind, as the JPEG must have
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
  } catch {
    throw refuse(IMAGE_UNREADABLE);
  }
  const { width, height, channels } = decoded.info;
  const raw = { width, height, channels };
  const widths = photoWidths(width);
  const renditions = await Promise.all(
    widths.flatMap((w) =>
      PHOTO_FORMATS.map((format) =>
        inSlot(async () => {
          const resized = sharp(decoded.data, { raw }).resize({ width: w, kernel: 'lanczos3' });
          const { data, info } = await ENCODERS[format](resized).toBuffer({ resolveWithObject: true });
          return { width: w, height: info.height, format, bytes: data };
        }),
      ),
    ),
  );
  const largest = renditions.find((r) => r.width === widths.at(-1))!;
  return {
    id: contentHash(bytes),
    width: largest.width,
    height: largest.height,
    widths,
    renditions: renditions.map(({ width: w, format, bytes: b }) => ({ width: w, format, bytes: b })),
  };
}

/** The extension a stored file is served with. */
export function fileExtension(contentType: string): string {
  return contentType === 'application/pdf' ? 'pdf' : contentType === 'image/png' ? 'png' : 'jpg';
}

/**
 * A floor plan's name as served: letters, digits, dots, dashes and underscores of the given name
 * (others become dashes), ending in the stored file's extension.
 */
export function servedFileName(name: string, contentType: string): string {
  const extension = fileExtension(contentType);
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+|-+$/g, '')
    .slice(0, 100);
  return `${base || 'floor-plan'}.${extension}`;
}

/** Where a stored file is served, under the name it is shown with. */
export function fileUrl(hash: string, name: string, contentType: string): string {
  return `/media/files/${hash}/${encodeURIComponent(servedFileName(name, contentType))}`;
}

/** A PDF starts with `%PDF-` and a version digit, whatever its name or declared type says. */
export function isPdf(bytes: Uint8Array): boolean {
  return (
    bytes.length > 8 &&
    Buffer.from(bytes.subarray(0, 6))
      .toString('latin1')
      .match(/^%PDF-[12]$/) !== null
  );
}

/**
 * Checks a floor plan and makes what is stored of it: a PDF (by its magic bytes, at most 10 MB) as
 * it is; a JPEG, PNG or WebP (within the image limits) re-encoded like a photo (orientation applied,
 * metadata dropped, at most 1920 pixels wide or high): a PNG stays a PNG (a drawing's lines stay
 * sharp), the others become JPEGs. Anything else is refused with 400.
 */
export async function prepareFloorPlan(bytes: Buffer): Promise<PreparedFile> {
  if (bytes.length > FLOOR_PLAN_MAX_BYTES) throw tooLarge(FLOOR_PLAN_MESSAGES.tooLarge);
  const hash = contentHash(bytes);
  if (isPdf(bytes)) return { hash, type: 'pdf', contentType: 'application/pdf', bytes };
  const format = sniffImageFormat(bytes);
  const refuseFile = (message: string) => badRequest(message, [{ field: 'file', message }]);
  if (!format) throw refuseFile(FLOOR_PLAN_MESSAGES.invalid);
  if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge(IMAGE_TOO_LARGE);
  await inspectImage(bytes, refuseFile);
  const sharp = await loadSharp();
  const largest = PHOTO_WIDTHS.at(-1)!;
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb');
    const output = await inSlot(() =>
      (format === 'png' ? image.png({ palette: true, quality: 90, effort: 4 }) : image.jpeg({ quality: 85, progressive: true })).toBuffer(),
    );
    return { hash, type: 'image', contentType: format === 'png' ? 'image/png' : 'image/jpeg', bytes: output };
  } catch {
    throw refuseFile(IMAGE_UNREADABLE);
  }
}
