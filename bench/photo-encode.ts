// Listing photos (decision 0025): what one upload costs through the real rendition code (preparePhoto in
// src/server/features/media/photos.service.ts: check, decode once, every width × AVIF/WebP/JPEG) —
// the time from upload bytes to renditions, and the size of each rendition, for a 12-megapixel
// camera JPEG (4000×3000) and a 1600×1200 JPEG. The pictures are made here: a photo-like scene
// (gradients, soft shapes, fine grain) so the encoders see texture, not a flat colour; with EXIF,
// as a camera's file has, which the renditions must not keep.
// Run alone: node --import tsx bench/photo-encode.ts; with the others: npm run bench -- --only=photos.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { preparePhoto } from '#server/features/media';
import { IMAGE_MAX_BYTES } from '#shared/listings/listings.contract';
import { figure, printTable, type Figure } from './lib/report';

const ROUNDS = Number(process.env.BENCH_PHOTO_ROUNDS ?? 3);

/** A photo-like JPEG: a sky-to-floor gradient, a few soft shapes, and grain, at camera quality. */
export async function photoLikeJpeg(width: number, height: number): Promise<Buffer> {
  const shapes = Array.from({ length: 14 }, (_, i) => {
    const x = ((i * 7919) % 97) / 97;
    const y = ((i * 104729) % 89) / 89;
    const r = 0.05 + ((i * 31) % 11) / 60;
    const hue = (i * 47) % 360;
    return `<ellipse cx="${(x * width).toFixed(0)}" cy="${(y * height).toFixed(0)}" rx="${(r * width).toFixed(0)}" ry="${(r * height * 0.8).toFixed(0)}" fill="hsl(${hue},45%,${40 + (i % 5) * 8}%)" opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3e6"/><stop offset="0.55" stop-color="#e9dcc6"/><stop offset="1" stop-color="#7a5a3c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
  </svg>`;
  const scene = await sharp(Buffer.from(svg))
    .blur(width / 800)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .raw()
    .toBuffer();
  const mixed = Buffer.alloc(scene.data.length);
  const channels = scene.info.channels;
  for (let p = 0, q = 0; p < scene.data.length; p += channels, q += 3) {
    for (let c = 0; c < 3; c++) mixed[p + c] = Math.max(0, Math.min(255, scene.data[p + c]! + grain[q + c]! - 128));
    if (channels === 4) mixed[p + 3] = 255;
  }
  return sharp(mixed, { raw: { width, height, channels } })
    .removeAlpha()
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera', Copyright: 'Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
    .jpeg({ quality: 88, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function benchPhotoEncode(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, width, height] of [
    ['12 MP JPEG (4000×3000)', 4000, 3000],
    ['1600×1200 JPEG', 1600, 1200],
  ] as const) {
    const input = await photoLikeJpeg(width, height);
    if (input.length > IMAGE_MAX_BYTES) throw new Error(`${label}: the made picture is ${input.length} bytes, over the upload limit`);
    await preparePhoto(input); // warm-up: sharp's first call loads its codecs
    const seconds: number[] = [];
    let prepared: Awaited<ReturnType<typeof preparePhoto>> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      prepared = await preparePhoto(input);
      seconds.push((performance.now() - started) / 1000);
    }
    const result = prepared!;
    const total = result.renditions.reduce((sum, r) => sum + r.bytes.length, 0);
    const leaked = await Promise.all(result.renditions.map(async (r) => Boolean((await sharp(r.bytes).metadata()).exif)));
    figures.push(
      figure(
        'photo encode',
        `${label}: upload → all renditions`,
        Number(median(seconds).toFixed(2)),
        's',
        undefined,
        `median of ${ROUNDS}; ${result.widths.length} widths × 3 formats; input ${kb(input.length)} KB; ${availableParallelism()} cores`,
      ),
      figure(
        'photo encode',
        `${label}: stored in all`,
        kb(total),
        'KB',
        undefined,
        `${result.renditions.length} files; EXIF kept in ${leaked.filter(Boolean).length}`,
      ),
    );
    for (const w of result.widths) {
      const sizes = (['avif', 'webp', 'jpeg'] as const).map((format) => kb(result.renditions.find((r) => r.width === w && r.format === format)!.bytes.length));
      const h = Math.round((result.height * w) / result.width);
      figures.push(figure('photo encode', `${label}: ${w}×${h} AVIF`, sizes[0]!, 'KB', undefined, `WebP ${sizes[1]} KB, JPEG ${sizes[2]} KB`));
    }
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printTable(await benchPhotoEncode());
