import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

const ADMIN = { email: 'shutdown@abode.test', password: 'shutdown-password-1' };

describe('graceful shutdown', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  afterEach(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes in-flight requests, refuses new ones and exits 0 within 10 s', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'abode-shutdown-'));
    // LOG_LEVEL=info: the server logs each incoming request, so the test knows when all have arrived.
    server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' });
    const { url } = server;

    // Logins are slow on purpose (argon2id): 40 of them keep the server busy for a while.
    const inFlight = Array.from({ length: 40 }, () =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { token?: string } })),
    );
    const arrived = () => (server!.output().match(/"url":"\/api\/login"[^\n]*"msg":"incoming request"/g) ?? []).length;
    while (arrived() < 40) await new Promise((r) => setTimeout(r, 10));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // A new connection made while the server drains is refused (or answered 503), never served.
    await new Promise((r) => setTimeout(r, 100));
    const late = await new Promise<number | 'refused'>((resolve) => {
      http
        .get(`${url}/healthz`, { agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', () => resolve('refused'));
    });
    expect(['refused', 503]).toContain(late);

    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.token).toBeTypeOf('string');
    }

    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // Once it has stopped, nothing answers.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
