import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app';

// Field names the API knows, so generated bodies get past the first checks and reach deeper code.
const FIELDS = [
  'email',
  'password',
  'campaignid',
  'emailId',
  'answer',
  'response',
  'name',
  'questions',
  'questioncolumns',
  'isActivated',
  'firstname',
  'lastname',
  'requestquotation',
  'message',
  'productname',
  'description',
  'price',
  'area',
  'squareft',
  'dateofcomplition',
  'sizeofunit',
  'gmaplink',
  'title',
  'address',
  'filename',
  'file',
  'projectId',
  'productId',
  'recordId',
  'website',
] as const;
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', ''];

const hugeString = fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'ẞ'.repeat(n));
const weirdString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '=cmd|" /C calc"!A0',
    '<script>alert(1)</script>',
    "'; drop table campaigns; --",
    'javascript:alert(1)',
    '01-13-2024',
    '31-02-2024',
    '1e309',
    'NaN',
    '-1',
    'a@b',
    'x@example.com',
  ),
  hugeString,
);
const deepValue = fc.integer({ min: 10, max: 200 }).map((depth) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { nested: v };
  return v;
});
// Nesting deeper than JSON.stringify would manage in the test itself: written as text.
const veryDeepJson = fc.integer({ min: 1000, max: 100_000 }).map((depth) => `${'{"answer":['.repeat(depth)}1${']}'.repeat(depth)}`);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: weirdString },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, [], {}) },
);
const key = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const objectBody = fc.dictionary(key, anyValue, { maxKeys: 8 });
const jsonBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: objectBody.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: objectBody.map((o) => JSON.stringify({ response: o })) },
  { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: veryDeepJson },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{', '[', '', 'null', '{"a":1}}', '\u0000'),
  },
);
const multipartBody = fc.record({
  fields: fc.dictionary(
    key,
    fc.oneof(
      weirdString,
      fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)),
    ),
    { maxKeys: 10 },
  ),
  file: fc.option(fc.record({ name: fc.constantFrom('a.jpg', 'x.png', 'evil.svg', '../../etc/passwd', ''), bytes: fc.uint8Array({ maxLength: 2048 }) })),
});
const idParam = fc.oneof(fc.uuid(), fc.string({ maxLength: 30 }), fc.constantFrom('0', '-1', '%00', '..%2F..', 'null', '0190f0f0-0000-7000-8000-000000000000'));

/**
 * A content hash of every table except the attempt counters (refused logins are counted on purpose).
 * On PostgreSQL the database hashes each table itself, all of them in one statement; the table list is
 * read once. (Reading every row into the test twice a request made this file the suite's slowest.)
 */
function fingerprinter(ctx: TestContext): () => Promise<string> {
  let tables: string[] | undefined;
  return async () => {
    const db = ctx.database.db;
    tables ??= (
      ctx.dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows
        : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db)).rows
    )
      .map((t) => t.name)
      .filter((name) => name !== 'rate_limits' && !name.startsWith('kysely_'))
      .sort();
    const hash = createHash('sha256');
    if (ctx.dialect === 'postgres') {
      const parts = tables.map(
        (name) => sql`select ${name} as n, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as h from ${sql.table(name)} t`,
      );
      const rows = (await sql<{ n: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
      for (const r of rows.sort((x, y) => x.n.localeCompare(y.n))) hash.update(`${r.n}:${r.h}\n`);
      return hash.digest('hex');
    }
    for (const name of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
      const lines = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? createHash('sha1').update(v).digest('hex') : v))).sort();
      hash.update(`${name}:${lines.join('\n')}\n`);
    }
    return hash.digest('hex');
  };
}

function multipart(body: { fields: Record<string, string>; file: { name: string; bytes: Uint8Array } | null }) {
  const boundary = '----abodefuzz';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(body.fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"\r\n\r\n${value}\r\n`));
  }
  if (body.file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${body.file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`));
    parts.push(Buffer.from(body.file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDatabase(
  'fuzz: every API route',
  (ctx) => {
    it('never answers 5xx, always answers JSON with a message when refusing, and a refusal stores nothing', async () => {
      const token = await ctx.staffToken();
      const routes = ctx.app.routeInventory
        .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, url: r.url })))
        .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== '/api/logout');
      expect(routes.length).toBeGreaterThan(2);
      const fingerprint = fingerprinter(ctx);
      // What is stored before a request: a refusal leaves it unchanged (asserted), so it is read again,
      // right before the next request, only after a request that was accepted.
      let stored: string | null = null;

      for (const route of routes) {
        const request = fc.record({
          id: idParam,
          asStaff: fc.boolean(),
          kind: fc.constantFrom('json', 'multipart', 'none'),
          json: jsonBody,
          form: multipartBody,
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ id, asStaff, kind, json, form }) => {
            const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
            const headers: Record<string, string> = asStaff ? { authorization: `Bearer ${token}` } : {};
            let payload: string | Buffer | undefined;
            if (route.method !== 'GET' && kind === 'json') {
              headers['content-type'] = 'application/json';
              payload = json;
            } else if (route.method !== 'GET' && kind === 'multipart') {
              const body = multipart(form);
              headers['content-type'] = body.contentType;
              payload = body.payload;
            }
            stored ??= await fingerprint();
            const res = await ctx.app.inject({ method: route.method as 'POST', url, headers, payload });
            const where = `${route.method} ${url} (${kind}${asStaff ? ', staff' : ''}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type'], where).toContain('application/json');
              expect(typeof res.json<{ message?: unknown }>().message, where).toBe('string');
              expect(await fingerprint(), `${where}: a refused request changed stored data`).toBe(stored);
            } else {
              stored = null;
            }
          }),
          { numRuns: Number(process.env.FUZZ_RUNS ?? 25), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
      }
    }, 300_000);
  },
  { publicWriteLimit: 1_000_000 },
);
