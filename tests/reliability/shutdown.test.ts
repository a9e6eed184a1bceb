import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { waitFor } from '../helpers/wait';

const ROUNDS = 5;
const ADMIN = { email: 'shutdown@abode.test', password: 'shutdown-password-1' };

interface Outcome {
  path: string;
  /** Whether the request was written before SIGTERM was sent. */
  beforeSignal: boolean;
  status?: number;
  error?: string;
}

type Route = { method: string; path: string; body?: string };

function send(agent: http.Agent, url: string, route: Route, onWritten?: () => void): Promise<Omit<Outcome, 'beforeSignal'>> {
  return new Promise((resolve) => {
    const req = http.request(
      `${url}${route.path}`,
      { method: route.method, agent, headers: route.body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ path: route.path, status: res.statusCode }));
        res.on('error', (error) => resolve({ path: route.path, error: error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ path: route.path, error: error.code ?? error.message }));
    if (onWritten) req.on('finish', onWritten);
    req.end(route.body);
  });
}

/** Is a new connection refused (or answered)? Never served 5xx. */
function probe(url: string): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    http
      .get(`${url}/healthz`, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', () => resolve('refused'));
  });
}

describe('graceful shutdown', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  afterEach(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM answers every request sent before it on keep-alive connections under load, refuses new connections, exits 0 (5 rounds)', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'abode-shutdown-'));
    for (let round = 0; round < ROUNDS; round++) {
      // Logins are counted before their check, so many at once from one address would meet the
      // throttle: raise it, this test is about shutting down.
      server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOGIN_MAX_FAILURES: '1000' });
      const { url } = server;
      // Keep-alive clients, one request at a time each, so every request is written when it is made
      // (never queued in the agent): slow logins (argon2id) and quick database reads.
      const clients = 8;
      const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
      const routes = [
        { method: 'POST', path: '/api/login', body: JSON.stringify(ADMIN) },
        { method: 'GET', path: '/healthz' },
        { method: 'GET', path: '/api/site' },
      ];
      let signalled = false;
      let stopped = false;
      const outcomes: Outcome[] = [];
      const loops = Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; !stopped; i++) {
          const beforeSignal = !signalled;
          const outcome = await send(agent, url, routes[(c + i) % routes.length]!);
          outcomes.push({ ...outcome, beforeSignal });
          if (outcome.error && signalled) break; // the server has gone: this client stops.
        }
      });

      // Connections that are idle at the signal but carry a request written just before it: the
      // server must read and answer it, not close the connection under it.
      const idleAgent = new http.Agent({ keepAlive: true, maxSockets: clients });
      const warm = await Promise.all(routes.concat(routes).map((route) => send(idleAgent, url, route)));
      expect(warm.map((o) => o.status)).toEqual(Array(routes.length * 2).fill(200));

      // Under load: every client has had answers on its kept-alive connection.
      await waitFor(() => outcomes.filter((o) => o.status === 200).length >= clients * 4, 30_000);
      const written: Array<Promise<void>> = [];
      const lastMoment = routes.concat(routes).map((route) => {
        let onWritten!: () => void;
        written.push(new Promise<void>((resolve) => (onWritten = resolve)));
        return send(idleAgent, url, route, onWritten).then((o) => outcomes.push({ ...o, beforeSignal: true }));
      });
      await Promise.all(written);
      signalled = true;
      server.child.kill('SIGTERM');

      // New connections are refused once the server stops listening; any it still accepted is served.
      const probes: Array<number | 'refused'> = [];
      await waitFor(async () => {
        probes.push(await probe(url));
        return probes.at(-1) === 'refused';
      }, 10_000);
      expect(probes.filter((p) => p !== 'refused' && p !== 200)).toEqual([]);

      const { code } = await server.exited;
      stopped = true;
      await Promise.all([...loops, ...lastMoment]);
      agent.destroy();
      idleAgent.destroy();
      expect(code).toBe(0);

      // Every request the server read was answered in full: no 503 for one that came on an open
      // connection while it drained (those after the signal may only find the connection closed).
      expect(
        outcomes.filter((o) => o.status !== undefined && o.status !== 200),
        `round ${round}`,
      ).toEqual([]);
      const sentBefore = outcomes.filter((o) => o.beforeSignal);
      const failed = sentBefore.filter((o) => o.status !== 200);
      expect(failed, `round ${round}`).toEqual([]);
      // Requests were in flight when the signal came (the last one of each client was sent before it).
      expect(sentBefore.length).toBeGreaterThanOrEqual(clients * 4);
      // Once it has stopped, nothing answers.
      expect(await probe(url)).toBe('refused');
      server = undefined;
    }
    // Five server starts and argon2 logins under load: minutes on a busy two-core machine.
  }, 300_000);

  // Requests on connections opened just before the signal (still in the accept
  // queue) and keep-alive requests sent just after it get an answer (served, or 503 with
  // Connection: close), never a reset. Raw sockets, so no client retries or hides a reset.
  it('answers requests on connections opened just before SIGTERM and keep-alive requests just after it, never a reset (5 rounds)', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'abode-shutdown-'));
    const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';
    type Answer = { status?: number; connection?: string; error?: string; raw: string };
    /** Reads one HTTP answer (status line, headers, Content-Length body) from a socket. */
    const answerOf = (socket: Socket): Promise<Answer> =>
      new Promise((resolve) => {
        let raw = '';
        const finish = (error?: string) => {
          socket.removeAllListeners('data');
          const status = /^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1];
          const connection = /\r\nconnection: *([^\r]*)/i.exec(raw)?.[1]?.toLowerCase();
          resolve(status ? { status: Number(status), connection, raw } : { error: error ?? 'closed without an answer', raw });
        };
        socket.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
          const end = raw.indexOf('\r\n\r\n');
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(raw)?.[1] ?? NaN);
          if (end !== -1 && raw.length >= end + 4 + length) finish();
        });
        socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
        socket.once('close', () => finish());
      });
    const open = (url: string): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const { port } = new URL(url);
        const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
        socket.once('error', reject);
      });
    const proper = (a: Answer) => a.status === 200 || (a.status === 503 && a.connection === 'close');

    for (let round = 0; round < 5; round++) {
      server = await startServerProcess({ DATA_DIR: dataDir });
      const { url } = server;
      // Kept-alive connections that have had one answer each.
      const kept = await Promise.all(Array.from({ length: 16 }, () => open(url)));
      const first = await Promise.all(
        kept.map((socket) => {
          const a = answerOf(socket);
          socket.write(request);
          return a;
        }),
      );
      expect(
        first.map((a) => a.status),
        `round ${round}`,
      ).toEqual(Array(16).fill(200));
      // Fresh connections, connected and their request written, then the signal at once.
      const fresh = await Promise.all(Array.from({ length: 24 }, () => open(url)));
      const freshAnswers = fresh.map((socket) => {
        const a = answerOf(socket);
        socket.write(request);
        return a;
      });
      server.child.kill('SIGTERM');
      // Keep-alive requests just after the signal, spread over its first 400 ms.
      const late = kept.map(async (socket, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 25));
        // As any HTTP client does: a connection the server has already closed cleanly (FIN, after
        // its drain time; only when this busy test runs late) is not used again.
        if (socket.readableEnded) return { status: 200, connection: 'close', raw: '(closed cleanly before the request)' };
        const a = answerOf(socket);
        socket.write(request);
        return a;
      });
      const answers = [...(await Promise.all(freshAnswers)), ...(await Promise.all(late))];
      const { code } = await server.exited;
      for (const socket of [...kept, ...fresh]) socket.destroy();
      expect(code, `round ${round}`).toBe(0);
      const failed = answers.flatMap((a, i) => (proper(a) ? [] : [`${i < fresh.length ? 'fresh' : 'kept'} ${i}: ${a.error ?? a.raw.slice(0, 80)}`]));
      expect(failed, `round ${round}`).toEqual([]);
      // Answered after the signal (sent 100 ms or more after it: the process takes the signal a moment
      // later): each closes its connection, so the client sends nothing more on it.
      expect(
        answers
          .slice(fresh.length + 4)
          .filter((a) => a.connection !== 'close')
          .map((a) => a.raw.slice(0, 80)),
        `round ${round}`,
      ).toEqual([]);
      server = undefined;
    }
  }, 300_000);
});
