import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';
import { parseRaw, rawRequest } from '../helpers/raw-http';

// Every error, the framework's own included, has the API's one shape.
describeEachDatabase('HTTP edge: framework errors have the API shape', (ctx) => {
  it('answers a path with bad percent-encoding with 400 { message, code }', async () => {
    for (const url of ['/api/campaign/response/%E0%A4%A', '/%E0%A4%A']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The address is not valid.', code: 'VALIDATION' });
    }
  });

  it('answers a too-long path parameter with 414 { message, code }', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/campaign/response/${'a'.repeat(300)}`, payload: {} });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long.', code: 'TOO_LARGE' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers a Content-Length that does not match the body with 400 { message, code }', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"email":"a@b.c","password":"xxxxxxxxx"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body does not match its declared length.', code: 'VALIDATION' });
  });

  it('answers a request the HTTP parser refuses (bad Content-Length) with 400 { message, code } and closes', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const bad = parseRaw(
        await rawRequest(address, 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 12abc\r\n\r\n{}'),
      );
      expect(bad.status).toBe(400);
      expect(bad.headers['content-type']).toContain('application/json');
      expect(bad.headers.connection).toBe('close');
      expect(JSON.parse(bad.body)).toEqual({ message: 'The request is not valid HTTP.', code: 'VALIDATION' });

      const both = parseRaw(
        await rawRequest(
          address,
          'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 7\r\nContent-Type: application/json\r\n\r\n{}',
        ),
      );
      expect(both.status).toBe(400);
      expect(JSON.parse(both.body)).toEqual({ message: 'The request is not valid HTTP.', code: 'VALIDATION' });

      const huge = parseRaw(await rawRequest(address, `GET /api/site HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(huge.status).toBe(431);
      expect(JSON.parse(huge.body)).toEqual({ message: 'The request headers are too large.', code: 'TOO_LARGE' });
    } finally {
      await ctx.app.close();
    }
  });
});

// A method a route does not have is 405 with Allow, in the API's error shape.
describeEachDatabase('HTTP edge: methods a route does not have', (ctx) => {
  it('answers 405 with Allow for an API route called with another method', async () => {
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/login' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('POST');
    expect(put.json()).toEqual({ message: 'This method is not allowed here.', code: 'METHOD_NOT_ALLOWED' });

    const get = await ctx.app.inject({ method: 'GET', url: '/api/campaign/response/abc' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');

    const list = await ctx.app.inject({ method: 'DELETE', url: '/api/project/get' });
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD');
  });

  it('answers 405 with Allow: GET, HEAD for a write to a page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/viewProjects', payload: {} });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({ message: 'This method is not allowed here.', code: 'METHOD_NOT_ALLOWED' });
  });

  it('still answers 404 for API paths no method has', async () => {
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no/such/route' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow, method).toBeUndefined();
      expect(res.json()).toEqual({ message: 'There is no such API route.', code: 'NOT_FOUND' });
    }
  });
});

// Accept-Encoding is negotiated, q-values included.
describeEachDatabase('HTTP edge: compression negotiation', (ctx) => {
  const list = (acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/project/get', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('never sends a coding the client refused with q=0', async () => {
    const identity = await list();
    expect(identity.headers['content-encoding']).toBeUndefined();

    const noBr = await list('br;q=0, gzip');
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(noBr.rawPayload).toString()).toBe(identity.body);

    const none = await list('br;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(identity.body);

    const noGzip = await list('gzip;q=0, identity');
    expect(noGzip.headers['content-encoding']).toBeUndefined();
  });

  it('follows the client’s preference, brotli when both are equally welcome', async () => {
    expect((await list('gzip;q=1, br;q=0.5')).headers['content-encoding']).toBe('gzip');
    const both = await list('gzip, deflate, br');
    expect(both.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(both.rawPayload).toString()).toBe((await list()).body);
    expect((await list('*')).headers['content-encoding']).toBe('br');
  });
});
