import { expect, it } from 'vitest';
import { ANSWER_NESTING_MESSAGE, NESTING_LIMIT, UNICODE_MESSAGE } from '#shared/text-rules';
import { describeEachDatabase } from '../helpers/app';
import { addEmail, createActiveCampaign, createCampaign, respond, visitorEmail } from '../factories/campaigns';
import { leadOf } from '../factories/people';
import { parseRaw, rawRequest } from '../helpers/raw-http';
import { readWorkbook, sheetRows } from '../helpers/xlsx';

// One hostile anonymous answer must not break staff results. Refused at the door
// (depth, well-formed Unicode), and the reads survive such rows already stored.
const SURVEY = JSON.stringify({
  pages: [
    {
      name: 'p',
      elements: [
        { type: 'radiogroup', name: 'kind', title: 'Kind', choices: ['a', 'v'] },
        { type: 'text', name: 'notes', title: 'Notes' },
      ],
    },
  ],
});

const nested = (depth: number): string => '{"x":'.repeat(depth) + '1' + '}'.repeat(depth);
const nestedArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describeEachDatabase('hostile answers already stored', (ctx) => {
  async function seeded(bad: string[]): Promise<string> {
    const campaignId = await createCampaign(ctx, { questions: SURVEY });
    const db = ctx.database.db;
    const rows = [JSON.stringify({ kind: 'a', notes: 'fine' }), ...bad, JSON.stringify({ kind: 'v', notes: 'also fine' })];
    for (const [i, answer] of rows.entries()) {
      const id = `${campaignId}-${i}`;
      const leadId = await leadOf(db, `h${i}@example.com`, campaignId);
      await db
        .insertInto('emailRecords')
        .values({ id, email: `h${i}@example.com`, campaignId, isCompleted: true, createdAt: new Date(Date.UTC(2026, 2, 1 + i)), leadId })
        .execute();
      await db
        .insertInto('surveyResponses')
        .values({ id: `${id}-r`, campaignId, emailRecordId: id, leadId, answer, createdAt: new Date(Date.UTC(2026, 2, 1 + i)) })
        .execute();
      // The same answer unfinished, for the "all" and "unfinished" views.
      const pid = `${campaignId}-p${i}`;
      const unfinishedLead = await leadOf(db, `p${i}@example.com`, campaignId);
      await db
        .insertInto('emailRecords')
        .values({ id: pid, email: `p${i}@example.com`, campaignId, isCompleted: false, createdAt: new Date(Date.UTC(2026, 2, 1 + i)), leadId: unfinishedLead })
        .execute();
      await db
        .insertInto('surveyProgress')
        .values({
          emailRecordId: pid,
          campaignId,
          answer,
          page: 0,
          furthestPage: 0,
          createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
          updatedAt: new Date(Date.UTC(2026, 2, 1 + i)),
        })
        .execute();
    }
    return campaignId;
  }

  // SQLite's JSON functions refuse more than 1,000 levels; PostgreSQL's jsonb refuses \ud800.
  const hostile = [
    `{"kind":"a","notes":${nested(1001)}}`,
    `{"kind":${nestedArray(1001)}}`,
    // Deeper than any reader's recursion could follow.
    `{"kind":"a","notes":${nestedArray(200_000)}}`,
    '{"kind":"a","notes":"x\\ud800"}',
    '{"kind":"x\\udfff","notes":"y"}',
    '{"kind":"a","notes":"\\u0000"}',
  ];
  // SQLite reads any text safely; on PostgreSQL every stored answer is JSON.stringify's output.
  if (ctx.dialect === 'sqlite') hostile.push('not json at all');

  async function readsSurvive(campaignId: string, bad: number) {
    for (const status of ['completed', 'unfinished', 'all']) {
      for (const filter of ['', '&kind=a', '&kind=v&from=2026-03-01']) {
        const query = `?status=${status}${filter}`;
        const answers = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}${query}` });
        expect(answers.statusCode, `answers ${query}`).toBe(200);
        const summary = await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}${query}` });
        expect(summary.statusCode, `summary ${query}`).toBe(200);
        const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}${query}` });
        expect(download.statusCode, `download ${query}`).toBe(200);
        // The whole file arrived and opens.
        const book = await readWorkbook(download.rawPayload);
        const rows = sheetRows(book.getWorksheet('Responses')!);
        if (filter === '&kind=v&from=2026-03-01' && status === 'completed') {
          expect(rows.length, `download ${query}`).toBe(2);
        }
      }
    }
    const plain = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}?status=completed` });
    expect(plain.json(), 'every stored row is listed').toHaveLength(bad + 2);
    const good = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}?status=completed&kind=v` });
    expect(good.json().map((r: { email: string }) => r.email)).toEqual([`h${bad + 1}@example.com`]);
  }

  it('answers filtered answers, summary and download in full with every kind of bad row stored', async () => {
    await readsSurvive(await seeded(hostile), hostile.length);
  });

  it("still answers with only one bad row stored (the issue's two cases)", async () => {
    await readsSurvive(await seeded(ctx.dialect === 'sqlite' ? [`{"kind":"a","notes":${nested(1001)}}`] : ['{"kind":"a","notes":"x\\ud800"}']), 1);
  });
});

describeEachDatabase('hostile answers at the door', (ctx) => {
  async function visitor() {
    const campaignId = await createActiveCampaign(ctx, { questions: SURVEY });
    const email = visitorEmail();
    return { campaignId, email, emailId: await addEmail(ctx, email, campaignId) };
  }
  const post = (url: string, body: string) => ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });

  it(`refuses an answer nested deeper than ${NESTING_LIMIT} levels with 400 and says so; ${NESTING_LIMIT} levels pass`, async () => {
    const { campaignId, email, emailId } = await visitor();
    for (const depth of [NESTING_LIMIT + 1, 1001, 5000]) {
      for (const url of [`/api/campaign/response/${campaignId}`, `/api/campaign/progress/${campaignId}`]) {
        const res = await post(url, `{"email":${JSON.stringify(email)},"emailId":${JSON.stringify(emailId)},"answer":{"notes":${nested(depth)}},"page":0}`);
        expect(res.statusCode, `${url} ${depth}`).toBe(400);
        expect(res.json().message, `${url} ${depth}`).toBe(ANSWER_NESTING_MESSAGE);
      }
    }
    // The body's own levels count: {"answer":{"notes": …}} is three before the value.
    const fits = await respond(ctx, campaignId, email, emailId, { kind: 'a', notes: JSON.parse(nested(NESTING_LIMIT - 3)) });
    expect(fits.statusCode).toBe(200);
  });

  it('refuses text that is not well-formed Unicode (a lone surrogate) in answers, keys and e-mails with 400', async () => {
    const { campaignId, email, emailId } = await visitor();
    const bodies = [
      `{"email":${JSON.stringify(email)},"emailId":${JSON.stringify(emailId)},"answer":{"notes":"x\\ud800"}}`,
      `{"email":${JSON.stringify(email)},"emailId":${JSON.stringify(emailId)},"answer":{"notes":["ok","\\udfffy"]}}`,
      `{"email":${JSON.stringify(email)},"emailId":${JSON.stringify(emailId)},"answer":{"no\\udc00tes":"x"}}`,
    ];
    for (const body of bodies) {
      const res = await post(`/api/campaign/response/${campaignId}`, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message, body).toBe(UNICODE_MESSAGE);
    }
    const mail = await post('/api/email/add', `{"email":"a\\ud800@example.com","campaignid":${JSON.stringify(campaignId)}}`);
    expect(mail.statusCode).toBe(400);
    expect(mail.json().message).toBe(UNICODE_MESSAGE);
    // A real pair (an emoji) is well-formed.
    expect((await respond(ctx, campaignId, email, emailId, { kind: 'a', notes: 'home \ud83c\udfe0' })).statusCode).toBe(200);
    const rows = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}` });
    expect(rows.json()).toHaveLength(1);
  });

  // An answer may come as JSON text (older clients): the text's own levels and characters follow the
  // same rules as the object form, where the body and "response" are two levels around the answer.
  it('applies the nesting and Unicode rules to an answer sent as JSON text, on both answer routes', async () => {
    const { campaignId, email, emailId } = await visitor();
    const body = (answer: string, page = true) => JSON.stringify({ response: { email, emailId, answer, ...(page ? { page: 0 } : {}) } });
    const routes = [`/api/campaign/response/${campaignId}`, `/api/campaign/progress/${campaignId}`];
    for (const url of routes) {
      for (const answer of [`{"a":${nestedArray(10_000)}}`, `{"notes":${nested(1100)}}`, `{"notes":${nested(NESTING_LIMIT - 1)}}`]) {
        const res = await post(url, body(answer));
        expect(res.statusCode, `${url} ${answer.length}`).toBe(400);
        expect(res.json().message, `${url} ${answer.length}`).toBe(ANSWER_NESTING_MESSAGE);
      }
      for (const answer of ['{"notes":"x\\ud800"}', '{"notes":["ok","\\udfffy"]}', '{"no\\udc00tes":"x"}']) {
        const res = await post(url, body(answer));
        expect(res.statusCode, `${url} ${answer}`).toBe(400);
        expect(res.json().message, `${url} ${answer}`).toBe(UNICODE_MESSAGE);
      }
    }
    // The same answer as an object, one level deeper than the text form allows, is refused the same way.
    const objectForm = await respond(ctx, campaignId, email, emailId, { notes: JSON.parse(nested(NESTING_LIMIT - 2)) });
    expect(objectForm.json().message).toBe(ANSWER_NESTING_MESSAGE);
    expect((await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}?status=all` })).json()).toHaveLength(0);
    // Text that is at the limit, with brackets inside its strings and a real pair (an emoji), is stored as sent.
    const answer = { kind: 'a', notes: `[[{{ "quoted" \\ home \ud83c\udfe0`, deep: JSON.parse(nested(NESTING_LIMIT - 3)) };
    expect((await post(routes[1]!, body(JSON.stringify(answer)))).statusCode).toBe(200);
    const saved = await post(routes[0]!, body(JSON.stringify(answer), false));
    expect(saved.statusCode).toBe(200);
    const rows = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}` });
    expect(rows.json()).toHaveLength(1);
    expect(JSON.parse(rows.json()[0].result)).toEqual(answer);
  });

  it("answers 400, never 500, to nesting of 4,000 and more levels in any JSON body (413 past the route's size limit)", async () => {
    const { campaignId } = await visitor();
    for (const depth of [4000, 20_000, 200_000]) {
      const bodies = [
        ['/api/email/add', `{"email":${nestedArray(depth)}}`],
        ['/api/login', `{"email":"a@b.c","password":${nestedArray(depth)}}`],
        ['/api/contactus/add', nestedArray(depth)],
        [`/api/campaign/response/${campaignId}`, `{"answer":${nestedArray(depth)}}`],
        [`/api/campaign/progress/${campaignId}`, `{"answer":${nested(depth)}}`],
      ] as const;
      for (const [url, body] of bodies) {
        const res = await post(url, body);
        // Under the route's size limit it is the nesting that is refused; over it, the size.
        if (depth === 4000 && !/email|login/.test(url)) expect(res.statusCode, `${url} ${depth}`).toBe(400);
        else expect([400, 413], `${url} ${depth}`).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message, `${url} ${depth}`).toBe(ANSWER_NESTING_MESSAGE);
      }
      const staff = await ctx.asStaff({
        method: 'POST',
        url: '/api/campaign/add',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Deep","questions":"x","x":${nested(depth)}}`,
      });
      expect(staff.statusCode, `campaign ${depth}`).toBe(400);
      // The survey JSON is text inside the body: nested as deep, it is refused too.
      const questions = await ctx.asStaff({
        method: 'POST',
        url: '/api/campaign/add',
        payload: { name: `Deep ${depth}`, questions: `{"pages":[{"elements":[${nested(depth)}]}]}` },
      });
      expect(questions.statusCode, `questions ${depth}`).toBe(400);
    }
  });

  // On the wire: inject resolves dot segments itself before the app sees the path.
  it('answers 400 to /.//x, /%2e//x and other dot segments in a page path', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const raw of ['/.//x', '/%2e//x', '/%2E//evil.example/', '/./\\x', '/a/..//x', '/%2e%2E//x', '/./viewProjects']) {
        const answer = parseRaw(await rawRequest(address, `GET ${raw} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
        expect(answer.status, raw).toBe(400);
        expect(JSON.parse(answer.body), raw).toEqual({ message: 'The address is not valid.', code: 'VALIDATION' });
      }
      // Still redirected, as before: //host and /\host.
      const slashes = parseRaw(await rawRequest(address, `GET //evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
      expect(slashes.status).toBe(301);
    } finally {
      await ctx.app.close();
    }
  });
});

describeEachDatabase('cut and boundary-less multipart bodies', (ctx) => {
  it('answers 400, never 500, to a multipart body without its boundary, cut short, or never closed', async () => {
    const campaignId = await createActiveCampaign(ctx, { questions: SURVEY });
    const email = visitorEmail();
    const emailId = await addEmail(ctx, email, campaignId);
    const boundary = '----abodeBoundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--${boundary}\r\nContent-Disposition: form-data; name="emailId"\r\n\r\n${emailId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 some bytes`;
    const cases: Array<[string, string, string]> = [
      ['no boundary parameter', 'multipart/form-data', `${head}\r\n--${boundary}--\r\n`],
      ['an empty boundary', 'multipart/form-data; boundary=', `${head}\r\n--${boundary}--\r\n`],
      ['cut in the file', `multipart/form-data; boundary=${boundary}`, head],
      ['cut in a header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-da`],
      ['another boundary', `multipart/form-data; boundary=${boundary}`, `--other\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--other--\r\n`],
      ['empty', `multipart/form-data; boundary=${boundary}`, ''],
    ];
    for (const url of [`/api/campaign/file/${campaignId}`]) {
      for (const [name, type, body] of cases) {
        const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: body });
        expect(res.statusCode, `${url}: ${name}`).toBe(400);
        expect(res.json().code, `${url}: ${name}`).toBe('VALIDATION');
      }
      for (const [name, type, body] of cases) {
        const res = await ctx.asStaff({ method: 'POST', url: '/api/project/add', headers: { 'content-type': type }, payload: body });
        expect(res.statusCode, `project: ${name}`).toBe(400);
      }
    }
  });
});
