import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/databases';
import { testConfig } from '../helpers/app';

// Resume tokens and signed links are secrets; the request log (every request's URL,
// at debug since the default level keeps start-up output quiet) must not carry them. The log stream
// is captured as pino writes it.
describeEachDialect('the info log redacts secrets in query strings', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp(testConfig(testDb, { logLevel: 'debug' }), { logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('logs the path and harmless parameters, never the value of token, resume, sig and the like', async () => {
    const secrets = ['RESUMEsecret123', 'SIGsecret456', 'TOKENsecret789', 'SIGNATUREsecretA', 'KEYsecretB', 'CODEsecretC', 'PASSWORDsecretD'];
    const urls = [
      `/api/campaign/progress/c1?token=${secrets[2]}`,
      `/api/survey-file/f1?expires=1893456000&sig=${secrets[1]}`,
      `/startsurvey?resume=${secrets[0]}`,
      `/api/site?Signature=${secrets[3]}&page=2&api_key=${secrets[4]}`,
      `/dashboard?code=${secrets[5]}&password=${secrets[6]}`,
      `/api/campaign/progress/c1?x=1&TOKEN=${secrets[2]}#frag`,
      `/api/campaign/progress/c1?tok%65n=${secrets[2]}`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const log = lines.join('\n');
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } }).filter((l) => l.req);
    expect(requests.length).toBeGreaterThanOrEqual(urls.length);
    for (const secret of secrets) expect(log).not.toContain(secret);
    const logged = requests.map((l) => l.req!.url);
    expect(logged).toContain('/api/survey-file/f1?expires=1893456000&sig=[redacted]');
    expect(logged).toContain('/startsurvey?resume=[redacted]');
    expect(logged).toContain('/api/site?Signature=[redacted]&page=2&api_key=[redacted]');
  });

  it('logs no query value a person typed: staff searches (e-mail, phone, name) and any parameter but paging', async () => {
    const personal = ['asha.person@example.com', '+919845099999', '9845099999', 'Asha Person', 'Koramangala'];
    const urls = [
      `/api/leads?q=${encodeURIComponent(personal[0]!)}&page=2&pageSize=25`,
      `/api/leads?q=${encodeURIComponent(personal[1]!)}&status=new`,
      `/api/email/all?q=${personal[2]}&page=1`,
      `/api/leads?search=${encodeURIComponent(personal[3]!)}&locality=${personal[4]}`,
      `/api/leads?${encodeURIComponent(personal[0]!)}`,
      `/api/leads?page=${encodeURIComponent(personal[0]!)}`,
    ];
    const from = lines.length;
    for (const url of urls) await app.inject({ method: 'GET', url });
    const fresh = lines.slice(from);
    const log = fresh.join('\n');
    for (const value of personal) {
      expect(log).not.toContain(value);
      expect(log).not.toContain(encodeURIComponent(value));
    }
    const logged = fresh.map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((l) => (l.req ? [l.req.url] : []));
    expect(logged).toContain('/api/leads?q=[redacted]&page=2&pageSize=25');
    expect(logged).toContain('/api/leads?q=[redacted]&status=[redacted]');
    expect(logged).toContain('/api/leads?[redacted]');
    expect(logged).toContain('/api/leads?page=[redacted]');
  });
});
