import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { PHOTO_WIDTHS, photoUrl, type ListingFile, type ListingPhoto, type PhotoFormat } from '#shared/listings/listing-photos';
import type { ListingKind } from '#shared/listings/listings.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

type Fields = Record<string, string>;
interface Upload {
  bytes: Uint8Array;
  filename?: string;
  type?: string;
}
interface PhotosAnswer {
  message: string;
  photos: ListingPhoto[];
  added?: string[];
}

const PROJECT: Fields = { name: 'Lake View', area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-08-2027', sizeofunit: '3 BHK' };
const PRODUCT: Fields = { productname: 'Teak Sofa', description: 'Three-seater', price: '125000' };
const FIELDS: Record<ListingKind, Fields> = {
  project: PROJECT,
  product: PRODUCT,
  studio: { title: 'Bandra Studio', address: '24 Hill Road', gmaplink: 'https://www.google.com/maps/search/?api=1&query=Bandra' },
};
const CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
/** What sharp calls each format it reads back. */
const SHARP_FORMATS: Record<PhotoFormat, string> = { avif: 'heif', webp: 'webp', jpeg: 'jpeg' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let colour = 0;
/** A distinct JPEG each call (its own colour). */
function photo(width = 700, height = 500, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  colour += 1;
  return testImage(format, { width, height, color: `#${(0x102030 + colour * 0x0a1b07).toString(16).slice(-6)}` });
}

/** A multipart body with several `file` parts (and `alt` parts), as a browser's FormData sends it. */
async function photoForm(files: Upload[], alts: string[] = []) {
  const form = new FormData();
  alts.forEach((alt) => form.append('alt', alt));
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.filename ?? 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function addListing(ctx: TestContext, kind: ListingKind = 'project'): Promise<string> {
  const body = await multipart(FIELDS[kind], { bytes: await testImage('png'), filename: 'image.png', type: 'image/png' });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

async function upload(ctx: TestContext, kind: ListingKind, id: string, files: Upload[], alts?: string[]) {
  const body = await photoForm(files, alts);
  return ctx.asStaff({ method: 'POST', url: `/api/${kind}/photos/${id}`, payload: body.payload, headers: body.headers });
}

async function uploadOk(ctx: TestContext, kind: ListingKind, id: string, files: Uint8Array[], alts?: string[]): Promise<PhotosAnswer> {
  const res = await upload(
    ctx,
    kind,
    id,
    files.map((bytes) => ({ bytes })),
    alts,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PhotosAnswer>();
}

async function item(ctx: TestContext, kind: ListingKind, id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ _id: string; photos: ListingPhoto[]; floorPlan?: ListingFile | null }>();
}

async function listed(ctx: TestContext, kind: ListingKind, id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get` });
  return res.json<Array<{ _id: string; photos: ListingPhoto[]; floorPlan?: ListingFile | null }>>().find((entry) => entry._id === id)!;
}

async function renditionCount(ctx: TestContext, photoId?: string): Promise<number> {
  let query = ctx.database.db.selectFrom('photoRenditions').select((eb) => eb.fn.countAll<number>().as('n'));
  if (photoId) query = query.where('photoId', '=', photoId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function photoRows(ctx: TestContext): Promise<number> {
  return Number(
    (
      await ctx.database.db
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A JPEG that carries GPS and camera EXIF, rotated by its EXIF orientation (6: shown turned 90° clockwise). */
async function jpegWithGps(): Promise<Buffer> {
  // Stored 1300×700 with a red band on the left: shown upright (orientation 6) it is 700×1300, the band on top.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1300" height="700"><rect width="1300" height="700" fill="#2a6f97"/><rect width="200" height="700" fill="#d00000"/></svg>`;
  return sharp(Buffer.from(svg))
    .withExif({
      IFD0: { Artist: 'Secret Photographer', Make: 'PhoneCo', Model: 'Pixel Secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The smallest file that is a PDF by its bytes: one page with a rectangle. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const stream = '20 20 160 160 re S';
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let gpsJpeg: Buffer;
beforeAll(async () => {
  gpsJpeg = await jpegWithGps();
});

describeEachDatabase('listing photos: upload, order, serve', (ctx) => {
  it('adds several photos in one call, in the order sent (the first is the cover), and the list and get-by-id carry them in order', async () => {
    const id = await addListing(ctx);
    const files = [await photo(1000, 750), await photo(1000, 750), await photo(1000, 750)];
    const answer = await uploadOk(ctx, 'project', id, files, ['Living room', '', 'Balcony at dusk']);
    expect(answer.message).toBe('3 photos added.');
    expect(answer.added).toEqual(files.map(sha256));
    expect(answer.photos).toEqual(
      files.map((file, i) => ({ id: sha256(file), width: 960, height: 720, widths: [320, 640, 960], alt: ['Living room', '', 'Balcony at dusk'][i] })),
    );
    expect((await item(ctx, 'project', id)).photos).toEqual(answer.photos);
    expect((await listed(ctx, 'project', id)).photos).toEqual(answer.photos);

    // A second upload goes after them.
    const more = await uploadOk(ctx, 'project', id, [await photo()]);
    expect(more.message).toBe('1 photo added.');
    expect(more.photos.map((p) => p.id)).toEqual([...answer.added!, ...more.added!]);
    expect((await listed(ctx, 'project', id)).photos.map((p) => p.id)).toEqual([...answer.added!, ...more.added!]);

    // Recorded in the audit log as a change of the listing's photos.
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['kind', 'fields'])
      .where('recordId', '=', id)
      .where('kind', '=', 'listing.updated')
      .execute();
    expect(audit.map((row) => JSON.parse(row.fields))).toEqual([['photos'], ['photos']]);
  });

  it('reorders: the third becomes the cover; an order that misses, repeats or invents a photo is refused', async () => {
    const id = await addListing(ctx);
    const { added } = await uploadOk(ctx, 'project', id, [await photo(), await photo(), await photo()]);
    const [a, b, c] = added as [string, string, string];
    const res = await ctx.asStaff({ method: 'PUT', url: `/api/project/photos/${id}/order`, payload: { ids: [c, a, b] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PhotosAnswer>().photos.map((p) => p.id)).toEqual([c, a, b]);
    expect((await item(ctx, 'project', id)).photos.map((p) => p.id)).toEqual([c, a, b]);
    expect((await listed(ctx, 'project', id)).photos[0]!.id).toBe(c);

    for (const ids of [[c, a], [c, a, b, a], [c, a, 'f'.repeat(64)], [c, c, a], []]) {
      const bad = await ctx.asStaff({ method: 'PUT', url: `/api/project/photos/${id}/order`, payload: { ids } });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(400);
      expect(bad.json().message).toBe("The order must list each of the listing's photos exactly once.");
    }
    expect((await item(ctx, 'project', id)).photos.map((p) => p.id)).toEqual([c, a, b]);

    // Alt text of one photo, and the unknown listing or photo.
    const alt = await ctx.asStaff({ method: 'PUT', url: `/api/project/photos/${id}/${a}`, payload: { alt: '  Kitchen with a window  ' } });
    expect(alt.statusCode, alt.body).toBe(200);
    expect((await item(ctx, 'project', id)).photos.map((p) => p.alt)).toEqual(['', 'Kitchen with a window', '']);
    expect((await ctx.asStaff({ method: 'PUT', url: `/api/project/photos/${id}/${'e'.repeat(64)}`, payload: { alt: 'x' } })).statusCode).toBe(404);
    const tooLong = await ctx.asStaff({ method: 'PUT', url: `/api/project/photos/${id}/${a}`, payload: { alt: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    const unknown = await ctx.asStaff({ method: 'PUT', url: `/api/project/photos/no-such-id/order`, payload: { ids: [] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('project id not found');
  });

  it('refuses a 13th photo with 400 and a clear message, storing nothing', async () => {
    const id = await addListing(ctx, 'product');
    const twelve = await Promise.all(Array.from({ length: 12 }, () => photo(400, 300)));
    // Thirteen in one call, to an empty listing: none is stored.
    const thirteen = await upload(
      ctx,
      'product',
      id,
      [...twelve, await photo(400, 300)].map((bytes) => ({ bytes })),
    );
    expect(thirteen.statusCode).toBe(400);
    expect(thirteen.json().message).toBe('A listing can have at most 12 photos: this one has 0, so at most 12 more can be added.');
    expect((await item(ctx, 'product', id)).photos).toEqual([]);

    await uploadOk(ctx, 'product', id, twelve.slice(0, 10));
    const eleventhAndMore = await upload(
      ctx,
      'product',
      id,
      [twelve[10]!, twelve[11]!, await photo(400, 300)].map((bytes) => ({ bytes })),
    );
    expect(eleventhAndMore.statusCode).toBe(400);
    expect(eleventhAndMore.json().message).toMatch(/at most 12 photos: this one has 10, so at most 2 more/);
    await uploadOk(ctx, 'product', id, twelve.slice(10));
    const before = await photoRows(ctx);
    const res = await upload(ctx, 'product', id, [{ bytes: await photo(400, 300) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'A listing can have at most 12 photos and this one has 12. Please delete one before adding another.',
    });
    expect((await item(ctx, 'product', id)).photos).toHaveLength(12);
    expect(await photoRows(ctx)).toBe(before);
    // One the listing shows already is not a 13th.
    expect((await upload(ctx, 'product', id, [{ bytes: twelve[0]! }])).statusCode).toBe(201);
  });

  it('refuses files that are not images with 400 (whatever their name or type), storing nothing of the upload', async () => {
    const id = await addListing(ctx);
    const before = await photoRows(ctx);
    const good = await photo();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const [label, bad] of [
      ['text named .jpg', { bytes: Buffer.from('not a picture\n'.repeat(40)), filename: 'photo.jpg', type: 'image/jpeg' }],
      ['svg', { bytes: svg, filename: 'drawing.svg', type: 'image/svg+xml' }],
      ['pdf', { bytes: tinyPdf(), filename: 'plan.pdf', type: 'application/pdf' }],
      ['truncated jpeg', { bytes: good.subarray(0, 300), filename: 'cut.jpg', type: 'image/jpeg' }],
    ] as const) {
      const res = await upload(ctx, 'project', id, [{ bytes: good }, bad]);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(/JPEG, PNG or WebP/);
    }
    expect((await item(ctx, 'project', id)).photos).toEqual([]);
    expect(await photoRows(ctx)).toBe(before);

    const none = await ctx.asStaff({ method: 'POST', url: `/api/project/photos/${id}`, ...(await photoForm([])) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose at least one photo.');
    const json = await ctx.asStaff({ method: 'POST', url: `/api/project/photos/${id}`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/project/photos/${id}`, ...(await photoForm([{ bytes: good }])) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('strips EXIF (GPS, camera, owner) from every rendition and applies the orientation first', async () => {
    const source = await sharp(gpsJpeg).metadata();
    expect(source.exif?.includes(Buffer.from('Secret Photographer'))).toBe(true);
    expect(gpsJpeg.includes(Buffer.from('Pixel Secret'))).toBe(true);
    expect(source.orientation).toBe(6);
    // The EXIF has a GPS section (tag 0x8825, the GPS IFD pointer, in either byte order).
    expect(source.exif!.includes(Buffer.from([0x88, 0x25])) || source.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const id = await addListing(ctx);
    const [stored] = (await uploadOk(ctx, 'project', id, [gpsJpeg])).photos;
    // Shown upright it is 700 wide and 1300 high: 320 and 640 wide, portrait.
    expect(stored).toMatchObject({ width: 640, height: 1189, widths: [320, 640] });
    for (const width of stored!.widths) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const res = await ctx.app.inject({ method: 'GET', url: photoUrl(stored!.id, width, format) });
        expect(res.statusCode).toBe(200);
        const bytes = res.rawPayload;
        const meta = await sharp(bytes).metadata();
        const label = `${width}.${format}`;
        expect(meta.exif, label).toBeUndefined();
        expect(meta.xmp, label).toBeUndefined();
        expect(meta.iptc, label).toBeUndefined();
        expect(meta.orientation ?? 1, label).toBe(1);
        for (const secret of ['Secret Photographer', 'Pixel Secret', 'PhoneCo', 'Exif\0'])
          expect(bytes.includes(Buffer.from(secret)), `${label} ${secret}`).toBe(false);
        expect([meta.width, meta.height! > meta.width!], label).toEqual([width, true]);
        // Turned upright: the red band of the stored picture is now along the top.
        const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
        const top = data[(2 * info.width + Math.floor(info.width / 2)) * info.channels]!;
        const bottom = data[((info.height - 3) * info.width + Math.floor(info.width / 2)) * info.channels]!;
        expect([top > 180, bottom < 120], label).toEqual([true, true]);
      }
    }
  });

  it('serves each width and format with its type, a year of immutable caching and an ETag; none wider than the original; unknown is 404', async () => {
    const id = await addListing(ctx);
    const big = await photo(2400, 1600, 'png');
    const small = await photo(700, 500, 'webp');
    const { photos } = await uploadOk(ctx, 'project', id, [big, small]);
    const [large, narrow] = photos as [ListingPhoto, ListingPhoto];
    expect(large).toMatchObject({ width: 1920, height: 1280, widths: [...PHOTO_WIDTHS] });
    expect(narrow).toMatchObject({ width: 640, height: 457, widths: [320, 640] });

    for (const p of [large, narrow]) {
      for (const width of p.widths) {
        for (const format of ['avif', 'webp', 'jpeg'] as const) {
          const url = photoUrl(p.id, width, format);
          const res = await ctx.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type'], url).toBe(CONTENT_TYPES[format]);
          expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          const etag = String(res.headers.etag);
          expect(etag).toMatch(/^"[0-9a-f]{64}-\d+-(avif|webp|jpeg)"$/);
          const meta = await sharp(res.rawPayload).metadata();
          expect([meta.format, meta.width], url).toEqual([SHARP_FORMATS[format], width]);
          expect(meta.height, url).toBe(Math.round((width * (p === large ? 1600 : 500)) / (p === large ? 2400 : 700)));
          const cached = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
          expect(cached.statusCode, url).toBe(304);
          expect(cached.body).toBe('');
          expect((await ctx.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
        }
      }
    }
    // No rendition is wider than the original.
    const widths = await ctx.database.db.selectFrom('photoRenditions').select(['width']).where('photoId', '=', narrow.id).execute();
    expect(Math.max(...widths.map((w) => Number(w.width)))).toBe(640);
    expect(widths).toHaveLength(6);
    for (const url of [
      photoUrl(narrow.id, 960, 'jpeg'),
      photoUrl(narrow.id, 1920, 'avif'),
      photoUrl('0'.repeat(64), 320, 'jpeg'),
      `/media/photos/${narrow.id}/320.png`,
      `/media/photos/${narrow.id}/0320.jpg`,
      `/media/photos/${narrow.id}/320.jpeg`,
      `/media/photos/not-a-hash/320.jpg`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'There is no such image.', code: 'NOT_FOUND' });
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('stores the same bytes once: twice in one call or on two listings is one photo with one set of renditions', async () => {
    const bytes = await photo(700, 500);
    const first = await addListing(ctx);
    const twice = await uploadOk(ctx, 'project', first, [bytes, bytes]);
    expect(twice.photos).toHaveLength(1);
    expect(twice.added).toEqual([sha256(bytes), sha256(bytes)]);
    expect(twice.message).toBe('1 photo added.');
    expect(await renditionCount(ctx, sha256(bytes))).toBe(6);

    const second = await addListing(ctx, 'product');
    const again = await uploadOk(ctx, 'product', second, [bytes]);
    expect(again.photos[0]!.id).toBe(sha256(bytes));
    expect(await renditionCount(ctx, sha256(bytes))).toBe(6);
    const stored = await ctx.database.db.selectFrom('photos').select('id').where('id', '=', sha256(bytes)).execute();
    expect(stored).toHaveLength(1);
  });

  it('deleting a photo, or the listing, removes renditions no listing uses any more', async () => {
    const shared = await photo();
    const own = await photo();
    const another = await photo();
    const first = await addListing(ctx);
    const second = await addListing(ctx);
    await uploadOk(ctx, 'project', first, [shared, own, another]);
    await uploadOk(ctx, 'project', second, [shared]);
    const [sharedId, ownId, anotherId] = [shared, own, another].map(sha256) as [string, string, string];

    // Deleting a photo only the first shows: gone with its renditions, and no longer served.
    const del = await ctx.asStaff({ method: 'DELETE', url: `/api/project/photos/${first}/${ownId}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json<PhotosAnswer>().photos.map((p) => p.id)).toEqual([sharedId, anotherId]);
    expect(await renditionCount(ctx, ownId)).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: photoUrl(ownId, 320, 'webp') })).statusCode).toBe(404);
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/photos/${first}/${ownId}` })).statusCode).toBe(404);

    // Deleting a photo the second still shows keeps its renditions.
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/photos/${first}/${sharedId}` })).statusCode).toBe(200);
    expect(await renditionCount(ctx, sharedId)).toBe(6);

    // Deleting the listings: the last use of each photo takes its renditions.
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/delete/${first}` })).statusCode).toBe(200);
    expect(await renditionCount(ctx, anotherId)).toBe(0);
    expect(await renditionCount(ctx, sharedId)).toBe(6);
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/delete/${second}` })).statusCode).toBe(200);
    expect(await renditionCount(ctx, sharedId)).toBe(0);
    const left = await ctx.database.db.selectFrom('photos').select('id').where('id', 'in', [sharedId, ownId, anotherId]).execute();
    expect(left).toEqual([]);
    const rows = await ctx.database.db.selectFrom('listingMedia').select('mediaId').where('listingId', 'in', [first, second]).execute();
    expect(rows).toEqual([]);
  });
});

describeEachDatabase('a project’s floor plan', (ctx) => {
  async function setPlan(id: string, file: Upload, fields: Fields = {}) {
    const body = await multipart(fields, file);
    return ctx.asStaff({ method: 'POST', url: `/api/project/floorplan/${id}`, payload: body.payload, headers: body.headers });
  }

  it('takes an image (re-encoded without metadata) or a PDF (as it is), served inline under its name, and shows it as floorPlan', async () => {
    const id = await addListing(ctx);
    const image = await setPlan(id, { bytes: gpsJpeg, filename: 'Tower A plan.jpg', type: 'image/jpeg' });
    expect(image.statusCode, image.body).toBe(200);
    const plan = image.json<{ floorPlan: ListingFile }>().floorPlan;
    expect(plan).toEqual({ url: expect.stringMatching(/^\/media\/files\/[0-9a-f]{64}\/Tower-A-plan\.jpg$/), type: 'image', filename: 'Tower-A-plan.jpg' });
    expect((await item(ctx, 'project', id)).floorPlan).toEqual(plan);
    expect((await listed(ctx, 'project', id)).floorPlan).toEqual(plan);
    const served = await ctx.app.inject({ method: 'GET', url: plan.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe('inline; filename="Tower-A-plan.jpg"');
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.exif, meta.width, meta.height]).toEqual([undefined, 700, 1300]);
    expect(served.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: plan.url, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);

    // Replaced by a PDF: the image's file goes, the PDF is served as sent.
    const pdf = tinyPdf();
    const replaced = await setPlan(id, { bytes: pdf, filename: 'plan.bin', type: 'application/octet-stream' }, { filename: 'Floor plan – Tower A.pdf' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const pdfPlan = replaced.json<{ floorPlan: ListingFile }>().floorPlan;
    expect(pdfPlan).toMatchObject({ type: 'pdf', filename: 'Floor-plan-Tower-A.pdf' });
    expect((await item(ctx, 'project', id)).floorPlan).toEqual(pdfPlan);
    const pdfRes = await ctx.app.inject({ method: 'GET', url: pdfPlan.url });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toBe('inline; filename="Floor-plan-Tower-A.pdf"');
    expect(pdfRes.rawPayload.equals(pdf)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: plan.url })).statusCode).toBe(404);
    const files = await ctx.database.db.selectFrom('files').select('hash').execute();
    expect(files.map((f) => f.hash)).toEqual([sha256(pdf)]);
    // A name in another script keeps its letters (RFC 6266 filename*).
    const hindi = await setPlan(id, { bytes: pdf, filename: 'नक्शा.pdf', type: 'application/pdf' });
    const hindiRes = await ctx.app.inject({ method: 'GET', url: hindi.json<{ floorPlan: ListingFile }>().floorPlan.url });
    expect(hindiRes.headers['content-disposition']).toBe(`inline; filename="${'_'.repeat(5)}.pdf"; filename*=UTF-8''${encodeURIComponent('नक्शा.pdf')}`);

    // Removed: none in the item, the file gone.
    const removed = await ctx.asStaff({ method: 'DELETE', url: `/api/project/floorplan/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await item(ctx, 'project', id)).floorPlan).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: pdfPlan.url })).statusCode).toBe(404);
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/floorplan/${id}` })).json().message).toBe('This project has no floor plan.');
  });

  it('refuses a fake PDF, other files and a PDF over 10 MB, keeping the floor plan it had', async () => {
    const id = await addListing(ctx);
    const pdf = tinyPdf();
    expect((await setPlan(id, { bytes: pdf, filename: 'plan.pdf', type: 'application/pdf' })).statusCode).toBe(200);
    const before = (await item(ctx, 'project', id)).floorPlan;
    for (const [label, file] of [
      ['text named .pdf', { bytes: Buffer.from('Just some text pretending.\n'.repeat(20)), filename: 'plan.pdf', type: 'application/pdf' }],
      ['html named .pdf', { bytes: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'plan.pdf', type: 'application/pdf' }],
      ['PDF magic later in the file', { bytes: Buffer.concat([Buffer.from('xx'), pdf]), filename: 'plan.pdf', type: 'application/pdf' }],
      ['svg', { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'plan.svg', type: 'image/svg+xml' }],
    ] as const) {
      const res = await setPlan(id, file);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toBe('Please choose the floor plan as a PDF or an image (JPEG, PNG or WebP).');
    }
    const huge = await setPlan(id, { bytes: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), filename: 'plan.pdf', type: 'application/pdf' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The floor plan is larger than 10 MB. Please choose a smaller file.');
    expect((await setPlan(id, { bytes: Buffer.alloc(0), filename: 'empty.pdf' })).json().message).toBe('Please choose a floor plan file.');
    expect((await item(ctx, 'project', id)).floorPlan).toEqual(before);
    // Products have no floor plan call.
    expect((await ctx.asStaff({ method: 'POST', url: `/api/product/floorplan/${id}` })).statusCode).toBe(404);
    // Deleting the project removes its floor plan file.
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/delete/${id}` })).statusCode).toBe(200);
    expect(await ctx.database.db.selectFrom('files').select('hash').where('hash', '=', sha256(pdf)).execute()).toEqual([]);
  });
});
