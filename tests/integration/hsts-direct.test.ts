import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '#server/lib/security-headers';

// The app runs behind a TLS proxy in production, but the rule also holds for a TLS socket of its own:
// the security-header hook on a real HTTPS server with a throw-away self-signed certificate.
describe('Strict-Transport-Security over a direct HTTPS connection', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'abode-tls-'));
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    app = Fastify({ https: { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) } });
    registerSecurityHeaders(app);
    app.get('/api/site', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is sent on an answer to a request that came over TLS', async () => {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/api/site', rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.headers['strict-transport-security'] as string | undefined);
        })
        .on('error', reject);
    });
    expect(header).toBe('max-age=31536000; includeSubDomains');
  });
});
