import { IMAGE_SIZE } from '#shared/listings/listings.contract';

/** Originals above this are refused before decoding (the browser would have to hold every pixel). */
export const ORIGINAL_MAX_BYTES = 40 * 1024 * 1024;

/** The centred square of a width×height picture that a cover crop keeps. */
export function coverCrop(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: (width - side) / 2, sy: (height - side) / 2, side };
}

/**
 * Resizes a picture in the browser to the stored format (SPEC.md §5, §9): a 300×300 JPEG at quality
 * 1.0, cover-cropped, so uploads are small. The server checks and re-encodes it anyway.
 */
export async function resizeImage(file: Blob, size = IMAGE_SIZE): Promise<Blob> {
  // Decodes with the EXIF orientation applied, as the picture is seen.
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas is not available.');
    // Transparent pictures get a white, not black, background in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingQuality = 'high';
    const { sx, sy, side } = coverCrop(bitmap.width, bitmap.height);
    context.drawImage(bitmap, sx, sy, side, side, 0, 0, size, size);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded.'))), 'image/jpeg', 1.0),
    );
  } finally {
    bitmap.close();
  }
}
