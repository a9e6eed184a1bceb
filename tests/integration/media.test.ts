import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

const PRODUCT = { productname: 'Brass Lamp', description: 'Table lamp', price: '4500' };

async function upload(ctx: TestContext, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const body = await multipart(PRODUCT, { bytes, filename, type });
  return ctx.asStaff({ method: 'POST', url: '/api/product/add', payload: body.payload, headers: body.headers });
}

async function storedImages(ctx: TestContext) {
  return ctx.database.db.selectFrom('images').select(['hash', 'bytes', 'width', 'height']).execute();
}

/** Adds a product with the image and returns the stored bytes, as served. */
async function storedBytes(ctx: TestContext, bytes: Buffer): Promise<Buffer> {
  const res = await upload(ctx, bytes);
  expect(res.statusCode, res.body).toBe(201);
  const products = (await ctx.app.inject({ method: 'GET', url: '/api/product/get' })).json<Array<{ _id: string; image: string }>>();
  const image = await ctx.app.inject({ method: 'GET', url: products.find((p) => p._id === res.json()._id)!.image });
  expect(image.statusCode).toBe(200);
  return image.rawPayload;
}

// 20000×20000 pixels that compress to about a megabyte: decoding it would take over a gigabyte.
let pixelBomb: Buffer;
beforeAll(async () => {
  pixelBomb = await sharp({ limitInputPixels: false, create: { width: 20_000, height: 20_000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}, 60_000);

describeEachDatabase('media: uploaded images', (ctx) => {
  it('re-encodes JPEG, PNG and WebP uploads as 300×300 JPEGs (cover crop), whatever the declared type', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const source = await testImage(format, { width: 900, height: 400, color: format === 'png' ? '#114477' : '#447711' });
      const stored = await storedBytes(ctx, source);
      const meta = await sharp(stored).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, format).toEqual({ format: 'jpeg', width: 300, height: 300 });
      // Cover crop keeps the centre: the yellow band (middle half of the height) reaches both sides.
      const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => Array.from(data.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3));
      for (const [x, y] of [
        [3, 150],
        [296, 150],
      ] as const)
        expect(pixel(x, y)[0], `${format} ${x},${y}`).toBeGreaterThan(200);
      expect(pixel(150, 10)[0], format).toBeLessThan(120);
    }
    // Declared as a GIF named .txt: the content decides.
    const mislabelled = await upload(ctx, await testImage('png', { color: '#771144' }), 'notes.txt', 'image/gif');
    expect(mislabelled.statusCode).toBe(201);
  });

  it('strips EXIF, GPS, ICC and comments from what it stores', async () => {
    const source = await sharp(await testImage('jpeg', { color: '#335577' }))
      .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    // The upload does carry them: the EXIF names the photographer, the ICC profile is a whole one.
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif?.includes(Buffer.from('Secret Photographer'))).toBe(true);
    expect(source.includes(Buffer.from('Secret Photographer'))).toBe(true);
    expect(sourceMeta.icc?.subarray(36, 40).toString('latin1'), 'ICC signature').toBe('acsp');
    expect(sourceMeta.icc?.readUInt32BE(0), 'ICC declared size').toBe(sourceMeta.icc?.length);

    const stored = await storedBytes(ctx, source);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
    expect(stored.includes(Buffer.from('Secret Photographer'))).toBe(false);
    // No APP1 (EXIF/XMP) or COM segment in the JPEG itself.
    expect(stored.includes(Buffer.from('Exif\0'))).toBe(false);
    expect(stored.indexOf(Buffer.from([0xff, 0xfe]))).toBe(-1);
  });

  it('refuses a text file named .jpg, an SVG and a truncated image with 415, storing nothing', async () => {
    const before = (await storedImages(ctx)).length;
    const productsBefore = (await ctx.app.inject({ method: 'GET', url: '/api/product/get' })).json<unknown[]>().length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const jpeg = await testImage('jpeg', { color: '#123123' });
    for (const [label, bytes, name, type] of [
      ['text named .jpg', Buffer.from('this is not a picture at all\n'.repeat(20)), 'photo.jpg', 'image/jpeg'],
      ['svg', svg, 'drawing.svg', 'image/svg+xml'],
      ['truncated jpeg', jpeg.subarray(0, 200), 'cut.jpg', 'image/jpeg'],
      ['gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif', 'image/gif'],
    ] as const) {
      const res = await upload(ctx, bytes, name, type);
      expect(res.statusCode, label).toBe(415);
      expect(res.json().message, label).toMatch(/JPEG, PNG or WebP/);
    }
    expect((await storedImages(ctx)).length).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product/get' })).json<unknown[]>()).toHaveLength(productsBefore);
  });

  it('refuses a file over 5 MB with 413 and a clear message, storing nothing', async () => {
    const before = (await storedImages(ctx)).length;
    // A real JPEG header followed by padding: the size limit must trip before anything else.
    const big = Buffer.concat([await testImage('jpeg'), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await upload(ctx, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is larger than 5 MB. Please choose a smaller file.', code: 'TOO_LARGE' });
    expect((await storedImages(ctx)).length).toBe(before);

    // Just under the limit is fine: the 1 MB JSON body limit does not apply to uploads.
    const noise = await sharp({ create: { width: 1300, height: 1100, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(4 * 1024 * 1024);
    expect((await upload(ctx, noise, 'noise.png', 'image/png')).statusCode).toBe(201);
  });

  it('refuses a pixel bomb (small on disk, 400 megapixels) with 413 before decoding it', async () => {
    expect(pixelBomb.length).toBeLessThan(5 * 1024 * 1024);
    const before = (await storedImages(ctx)).length;
    const res = await upload(ctx, pixelBomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/40 megapixels/);
    expect((await storedImages(ctx)).length).toBe(before);
  });

  it('decides on the pixel count from the header alone, never decoding the pixels', async () => {
    // A PNG whose header is whole but whose pixel data stops after one row: decoding it fails. Refused
    // for its size (413, the megapixel message) when its header says 400 megapixels, it was not decoded;
    // the same file at 300×300, which is decoded, is refused as a broken image instead.
    const bomb = await upload(ctx, headerOnlyPng(20_000, 20_000), 'bomb.png', 'image/png');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toMatch(/40 megapixels/);
    const small = await upload(ctx, headerOnlyPng(300, 300), 'broken.png', 'image/png');
    expect(small.statusCode).toBe(415);
  });

  it('stores each image once, by the hash of its bytes, as a 300×300 JPEG', async () => {
    const source = await testImage('png', { color: '#aa3300' });
    await storedBytes(ctx, source);
    const count = (await storedImages(ctx)).length;
    await storedBytes(ctx, source);
    const images = await storedImages(ctx);
    expect(images).toHaveLength(count);
    for (const image of images) {
      expect({ width: image.width, height: image.height }).toEqual({ width: 300, height: 300 });
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(image.bytes).digest('hex')).toBe(image.hash);
    }
  });
});

describeEachDatabase('media: serving', (ctx) => {
  it('serves an image with immutable caching and an ETag, and answers 304 when it matches', async () => {
    const bytes = await storedBytes(ctx, await testImage('webp', { color: '#0b2545' }));
    const [image] = await storedImages(ctx);
    const url = `/media/${image!.hash}.jpg`;

    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(res.headers.etag);
    expect(etag).toBe(`"${image!.hash}"`);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const cached = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(cached.statusCode, ifNoneMatch).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(etag);
    }
    const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);

    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
  });

  it('answers unknown and malformed image names with a JSON 404, without caching it', async () => {
    for (const file of [`${'0'.repeat(64)}.jpg`, 'nope.jpg', `${'a'.repeat(64)}.png`, '..%2F..%2Fetc%2Fpasswd']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/media/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({ message: 'There is no such image.', code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBeUndefined();
      const conditional = await ctx.app.inject({ method: 'GET', url: `/media/${file}`, headers: { 'if-none-match': '*' } });
      expect(conditional.statusCode, file).toBe(404);
    }
  });
});

/** A PNG with a whole header (IHDR) and the pixel data of its first row only. */
function headerOnlyPng(width: number, height: number): Buffer {
  const chunk = (name: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(name), data])));
    return Buffer.concat([length, Buffer.from(name), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1 + 3 * width))), chunk('IEND', Buffer.alloc(0))]);
}
