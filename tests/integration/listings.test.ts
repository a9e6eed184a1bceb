import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it, vi } from 'vitest';
import { listingKinds } from '#server/features/listings/listing-kinds';
import { insertListing } from '#server/features/listings/listings.repository';
import { listingSchemas, type ListingKind } from '#shared/listings/listings.contract';
import { bumpContentVersion } from '#server/db/content-version';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

type Fields = Record<string, string | number | undefined>;

/** A valid form per kind, and what each calls its id on update and says when the id is unknown. */
const KINDS: Record<ListingKind, { valid: () => Fields; idField: string; notFound: string; nameField: string }> = {
  project: {
    valid: () => ({
      name: 'Lake View',
      area: 'Whitefield, Bengaluru',
      squareft: '1450',
      dateofcomplition: '15-08-2027',
      sizeofunit: '3 BHK',
      gmaplink: 'https://www.google.com/maps/search/?api=1&query=Whitefield',
    }),
    idField: 'projectId',
    notFound: 'project id not found',
    nameField: 'name',
  },
  product: {
    valid: () => ({ productname: 'Teak Sofa', description: 'Three-seater in solid teak', price: '125000' }),
    idField: 'productId',
    notFound: 'product id not found',
    nameField: 'productname',
  },
  studio: {
    valid: () => ({ title: 'Indiranagar Studio', address: '100 Feet Road, Bengaluru', gmaplink: 'https://maps.google.com/?q=Indiranagar' }),
    idField: 'recordId',
    notFound: 'record id not found',
    nameField: 'title',
  },
};

let colourSeed = 0;
/** A distinct PNG each call, so records do not share an image unless a test wants them to. */
function freshImage() {
  colourSeed += 1;
  return testImage('png', { color: `#${(0x123456 + colourSeed * 0x050301).toString(16).slice(-6)}` });
}

async function send(ctx: TestContext, url: string, fields: Fields, bytes?: Buffer, withToken = true) {
  const body = await multipart(fields, bytes ? { bytes, filename: 'photo.png', type: 'image/png' } : undefined);
  const options = { method: 'POST' as const, url, payload: body.payload, headers: body.headers };
  return withToken ? ctx.asStaff(options) : ctx.app.inject(options);
}

async function list(ctx: TestContext, kind: ListingKind): Promise<Array<Record<string, unknown>>> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/get` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function imageCount(ctx: TestContext): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function add(ctx: TestContext, kind: ListingKind, fields: Fields = KINDS[kind].valid(), bytes?: Buffer) {
  const res = await send(ctx, `/api/${kind}/add`, fields, bytes ?? (await freshImage()));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; message: string }>()._id;
}

describeEachDatabase('listings API', (ctx) => {
  for (const kind of ['project', 'product', 'studio'] as const) {
    const { valid, idField, notFound, nameField } = KINDS[kind];

    it(`${kind}: adds, lists newest first with the image URL, updates and deletes`, async () => {
      const first = await add(ctx, kind, { ...valid(), [nameField]: 'First one', filename: 'first.png' });
      const second = await add(ctx, kind, { ...valid(), [nameField]: 'Second one' });

      const items = await list(ctx, kind);
      const ids = items.map((i) => i._id);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      const item = items.find((i) => i._id === first)!;
      const expected = { ...valid(), [nameField]: 'First one' };
      for (const [field, value] of Object.entries(expected)) {
        expect(item[field], field).toEqual(typeof item[field] === 'number' ? Number(value) : value);
      }
      expect(item.filename).toBe('first.png');
      expect(item.image).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
      expect(JSON.stringify(items)).not.toMatch(/base64|data:image/);
      const image = await ctx.app.inject({ method: 'GET', url: String(item.image) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');

      // Update without a file: fields change, the image stays.
      const updated = await send(ctx, `/api/${kind}/update`, { ...valid(), [nameField]: 'Renamed', [idField]: first });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().message).toMatch(/updated successfully/);
      const afterUpdate = (await list(ctx, kind)).find((i) => i._id === first)!;
      expect(afterUpdate[nameField]).toBe('Renamed');
      expect(afterUpdate.image).toBe(item.image);
      expect(afterUpdate.filename).toBe('first.png');

      const removed = await ctx.asStaff({ method: 'DELETE', url: `/api/${kind}/delete/${first}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toMatch(/deleted successfully/);
      expect((await list(ctx, kind)).map((i) => i._id)).not.toContain(first);
      expect((await ctx.app.inject({ method: 'GET', url: String(item.image) })).statusCode).toBe(404);
    });

    it(`${kind}: replacing the image removes the one no record uses any more`, async () => {
      const id = await add(ctx, kind);
      const before = (await list(ctx, kind)).find((i) => i._id === id)!;
      const res = await send(ctx, `/api/${kind}/update`, { ...valid(), [idField]: id, filename: 'new.png' }, await freshImage());
      expect(res.statusCode, res.body).toBe(200);
      const after = (await list(ctx, kind)).find((i) => i._id === id)!;
      expect(after.image).not.toBe(before.image);
      expect(after.filename).toBe('new.png');
      expect((await ctx.app.inject({ method: 'GET', url: String(before.image) })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: String(after.image) })).statusCode).toBe(200);
    });

    it(`${kind}: an unknown id answers 404 "${notFound}" on update and delete; a missing id is refused`, async () => {
      const unknown = '0190f0f0-0000-7000-8000-000000000000';
      const update = await send(ctx, `/api/${kind}/update`, { ...valid(), [idField]: unknown });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ message: notFound, code: 'NOT_FOUND' });
      const updateWithFile = await send(ctx, `/api/${kind}/update`, { ...valid(), [idField]: unknown }, await freshImage());
      expect(updateWithFile.statusCode).toBe(404);
      const remove = await ctx.asStaff({ method: 'DELETE', url: `/api/${kind}/delete/${unknown}` });
      expect(remove.statusCode).toBe(404);
      expect(remove.json()).toEqual({ message: notFound, code: 'NOT_FOUND' });
      const missing = await send(ctx, `/api/${kind}/update`, valid());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toContainEqual({ field: idField, message: notFound });
    });

    it(`${kind}: writes are refused without a staff token, and store nothing`, async () => {
      const before = await list(ctx, kind);
      const images = await imageCount(ctx);
      const addRes = await send(ctx, `/api/${kind}/add`, valid(), await freshImage(), false);
      expect(addRes.statusCode).toBe(401);
      const id = await add(ctx, kind);
      const updateRes = await send(ctx, `/api/${kind}/update`, { ...valid(), [idField]: id }, undefined, false);
      expect(updateRes.statusCode).toBe(401);
      const deleteRes = await ctx.app.inject({ method: 'DELETE', url: `/api/${kind}/delete/${id}` });
      expect(deleteRes.statusCode).toBe(401);
      expect(await list(ctx, kind)).toHaveLength(before.length + 1);
      expect(await imageCount(ctx)).toBe(images + 1);
    });

    it(`${kind}: an add without an image is refused`, async () => {
      const res = await send(ctx, `/api/${kind}/add`, valid());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please select an image!', errors: [{ field: 'file', message: 'Please select an image!' }], code: 'VALIDATION' });
    });
  }

  // Every rule of SPEC.md §5, with its message. Each case changes one field of a valid form.
  const rules: Array<{ kind: ListingKind; field: string; value: string | undefined; message: string }> = [
    { kind: 'project', field: 'name', value: undefined, message: 'Please select project name!' },
    { kind: 'project', field: 'name', value: '   ', message: 'Please select project name!' },
    { kind: 'project', field: 'name', value: 'x'.repeat(21), message: 'Value should be less than 20 character' },
    { kind: 'project', field: 'area', value: undefined, message: 'Please select area!' },
    { kind: 'project', field: 'area', value: '', message: 'Please select area!' },
    { kind: 'project', field: 'squareft', value: undefined, message: 'Please select sq. Feet!' },
    { kind: 'project', field: 'squareft', value: '', message: 'Please select sq. Feet!' },
    { kind: 'project', field: 'squareft', value: 'large', message: 'Please select sq. Feet!' },
    { kind: 'project', field: 'squareft', value: '0x10', message: 'Please select sq. Feet!' },
    { kind: 'project', field: 'squareft', value: '-5', message: 'Sq. feet cannot be negative' },
    { kind: 'project', field: 'dateofcomplition', value: undefined, message: 'Please select time!' },
    { kind: 'project', field: 'dateofcomplition', value: '', message: 'Please select time!' },
    { kind: 'project', field: 'dateofcomplition', value: '2027-08-15', message: 'Please enter a real date as DD-MM-YYYY.' },
    { kind: 'project', field: 'dateofcomplition', value: '31-02-2027', message: 'Please enter a real date as DD-MM-YYYY.' },
    { kind: 'project', field: 'dateofcomplition', value: '29-02-2027', message: 'Please enter a real date as DD-MM-YYYY.' },
    { kind: 'project', field: 'dateofcomplition', value: '00-01-2027', message: 'Please enter a real date as DD-MM-YYYY.' },
    { kind: 'project', field: 'dateofcomplition', value: '15-13-2027', message: 'Please enter a real date as DD-MM-YYYY.' },
    { kind: 'project', field: 'sizeofunit', value: undefined, message: 'Please select size of unit!' },
    { kind: 'project', field: 'gmaplink', value: 'javascript:alert(1)', message: 'Please enter a web link starting with http:// or https://.' },
    { kind: 'project', field: 'gmaplink', value: 'ftp://maps.example/x', message: 'Please enter a web link starting with http:// or https://.' },
    { kind: 'project', field: 'gmaplink', value: 'not a link', message: 'Please enter a web link starting with http:// or https://.' },
    { kind: 'product', field: 'productname', value: undefined, message: 'Please select product name!' },
    { kind: 'product', field: 'productname', value: 'y'.repeat(21), message: 'Value should be less than 20 character' },
    { kind: 'product', field: 'description', value: undefined, message: 'Please select description!' },
    { kind: 'product', field: 'description', value: ' ', message: 'Please select description!' },
    { kind: 'product', field: 'price', value: undefined, message: 'Please select price!' },
    { kind: 'product', field: 'price', value: 'free', message: 'Please select price!' },
    { kind: 'product', field: 'price', value: '-1', message: 'Price cannot be negative' },
    // The staff form now sends what was typed; -3 is refused, never stored as 0.
    { kind: 'product', field: 'price', value: '-3', message: 'Price cannot be negative' },
    { kind: 'product', field: 'price', value: '-0.5', message: 'Price cannot be negative' },
    { kind: 'project', field: 'squareft', value: '-3', message: 'Sq. feet cannot be negative' },
    { kind: 'studio', field: 'title', value: undefined, message: 'Please enter title!' },
    { kind: 'studio', field: 'title', value: 'z'.repeat(21), message: 'Value should be less than 20 character' },
    { kind: 'studio', field: 'address', value: undefined, message: 'Please select address!' },
    { kind: 'studio', field: 'gmaplink', value: undefined, message: 'Please select google map link!' },
    { kind: 'studio', field: 'gmaplink', value: '', message: 'Please select google map link!' },
    { kind: 'studio', field: 'gmaplink', value: 'javascript:alert(document.cookie)', message: 'Please enter a web link starting with http:// or https://.' },
    { kind: 'studio', field: 'gmaplink', value: 'data:text/html,hi', message: 'Please enter a web link starting with http:// or https://.' },
  ];

  it('refuses every invalid field with the specification message, on add and on update, storing nothing', async () => {
    const existing = { project: await add(ctx, 'project'), product: await add(ctx, 'product'), studio: await add(ctx, 'studio') };
    const before = { project: await list(ctx, 'project'), product: await list(ctx, 'product'), studio: await list(ctx, 'studio') };
    const images = await imageCount(ctx);
    const image = await freshImage();
    for (const rule of rules) {
      const { valid, idField } = KINDS[rule.kind];
      const label = `${rule.kind}.${rule.field} = ${JSON.stringify(rule.value)}`;
      const fields = { ...valid(), [rule.field]: rule.value };
      const added = await send(ctx, `/api/${rule.kind}/add`, fields, image);
      expect.soft(added.statusCode, label).toBe(400);
      expect.soft(added.json().errors, label).toContainEqual({ field: rule.field, message: rule.message });
      const updated = await send(ctx, `/api/${rule.kind}/update`, { ...fields, [idField]: existing[rule.kind] }, image);
      expect.soft(updated.statusCode, label).toBe(400);
      expect.soft(updated.json().errors, label).toContainEqual({ field: rule.field, message: rule.message });
    }
    for (const kind of ['project', 'product', 'studio'] as const) expect(await list(ctx, kind)).toEqual(before[kind]);
    expect(await imageCount(ctx)).toBe(images);
  });

  it('reports every invalid field at once, the first as the message', async () => {
    const res = await send(ctx, '/api/project/add', {}, await freshImage());
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
    expect(body.errors.map((e) => e.field).sort()).toEqual(['area', 'dateofcomplition', 'name', 'sizeofunit', 'squareft']);
    expect(body.message).toBe(body.errors[0]!.message);
  });

  it('trims text, keeps the date as entered, accepts 20 characters and stores a missing map link as empty', async () => {
    const id = await add(ctx, 'project', {
      name: `  ${'n'.repeat(20)}  `,
      area: '  Baner, Pune ',
      squareft: ' 1450.5 ',
      dateofcomplition: '29-02-2028',
      sizeofunit: ' 2 BHK ',
    });
    const item = (await list(ctx, 'project')).find((i) => i._id === id)!;
    expect(item).toMatchObject({
      name: 'n'.repeat(20),
      area: 'Baner, Pune',
      squareft: 1450.5,
      dateofcomplition: '29-02-2028',
      sizeofunit: '2 BHK',
      gmaplink: '',
    });

    const blankLink = await add(ctx, 'project', { ...KINDS.project.valid(), gmaplink: '   ' });
    expect((await list(ctx, 'project')).find((i) => i._id === blankLink)!.gmaplink).toBe('');
    const zero = await add(ctx, 'product', { ...KINDS.product.valid(), price: '0' });
    expect((await list(ctx, 'product')).find((i) => i._id === zero)!.price).toBe(0);
  });

  it('lists newest first across many records', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await add(ctx, 'studio', { ...KINDS.studio.valid(), title: `Order ${i}` }));
    const listed = (await list(ctx, 'studio')).map((i) => i._id).filter((id) => ids.includes(String(id)));
    expect(listed).toEqual([...ids].reverse());
  });

  it('keeps an image two records share until the last of them goes', async () => {
    const shared = await freshImage();
    const a = await add(ctx, 'product', KINDS.product.valid(), shared);
    const b = await add(ctx, 'studio', KINDS.studio.valid(), shared);
    const url = String((await list(ctx, 'product')).find((i) => i._id === a)!.image);
    expect((await list(ctx, 'studio')).find((i) => i._id === b)!.image).toBe(url);

    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/product/delete/${a}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/studio/delete/${b}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses parts named like object internals, storing nothing', async () => {
    const before = await list(ctx, 'product');
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const res = await send(ctx, '/api/product/add', { ...KINDS.product.valid(), [name]: 'x' }, await freshImage());
      expect(res.statusCode, name).toBe(400);
      expect(typeof res.json().message, name).toBe('string');
    }
    expect(await list(ctx, 'product')).toEqual(before);
  });

  it('refuses a body that is not a multipart form', async () => {
    const res = await ctx.asStaff({ method: 'POST', url: '/api/product/add', payload: KINDS.product.valid() });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/multipart/);
  });

  it('answers the list with an ETag, and 304 when the client has it', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/product/get' });
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/product/get', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await add(ctx, 'product');
    const changed = await ctx.app.inject({ method: 'GET', url: '/api/product/get', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the list compressed when the client accepts it, the same JSON either way', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/product/get' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/product/get', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('sees records written by another instance within a second', async () => {
    const before = await list(ctx, 'studio');
    // Another instance writes to the shared database and, as every instance does after a staff write,
    // increases the content version (lib/content-cache.ts): this one is not told, it reads the version.
    const [stored] = await ctx.database.db.selectFrom('images').select('hash').limit(1).execute();
    const id = '0190f0f0-0000-7000-8000-00000000abcd';
    await insertListing(ctx.database.db, listingKinds.studio.table, {
      id,
      imageHash: stored!.hash,
      filename: 'other.jpg',
      fields: { title: 'Other instance', address: 'Somewhere, Pune', gmaplink: 'https://maps.example/other' },
    });
    await bumpContentVersion(ctx.database.db);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_001);
    const after = await list(ctx, 'studio');
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((i) => i._id)).toContain(id);
  });

  // A field is declared once in the contract; the tables' types and the API follow from it (README, "Adding a field to a listing").
  it('has one column per contract field in each listing table (a new field needs its migration)', async () => {
    const tables = await ctx.database.db.introspection.getTables();
    const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    for (const kind of ['project', 'product', 'studio'] as const) {
      const table = tables.find((t) => t.name === listingKinds[kind].table);
      // Besides the fields: the columns the filters read, derived from the fields on write (decision 0022).
      const derived = listingKinds[kind].derivedColumns;
      const columns = table!.columns
        .map((c) => camel(c.name))
        .filter((c) => !['id', 'imageHash', 'filename', 'createdAt', 'updatedAt', ...derived].includes(c));
      expect(columns.sort(), kind).toEqual(Object.keys(listingSchemas[kind].fields.shape).sort());
    }
  });

  it('describes every field of the items of each kind in the OpenAPI document', async () => {
    const res = await ctx.asStaff({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>().paths;
    for (const kind of ['project', 'product', 'studio'] as const) {
      const ok = paths[`/api/${kind}/get`]!.get!.responses['200'] as {
        content: Record<string, { schema: { items: { properties: Record<string, unknown>; required: string[] } } }>;
      };
      const items = ok.content['application/json']!.schema.items;
      const extras = kind === 'project' ? ['createdAt', 'updatedAt', 'photos', 'floorPlan'] : ['createdAt', 'updatedAt', 'photos'];
      const expected = ['_id', 'image', 'filename', ...extras, ...Object.keys(listingSchemas[kind].fields.shape)].sort();
      expect(Object.keys(items.properties).sort(), kind).toEqual(expected);
      expect([...items.required].sort(), kind).toEqual(expected);
    }
  });
});
