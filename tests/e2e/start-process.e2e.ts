// `npm start` runs the built server as a process of its own with scripts/server-runtime.mjs's allocator
// settings (decision 0078), passes signals on, and never leaves the server behind. The build
// is there already: the browser tests' global setup made it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { waitForHealthy } from '../helpers/server-process';
import { SERVER_ENV } from '#scripts/server-runtime.mjs';

interface Started {
  parent: ChildProcess;
  serverPid: number;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDirs: string[] = [];
const pids: number[] = [];

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

async function startNpmStart(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-start-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  let log = '';
  const parent = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  parent.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  parent.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    parent.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthy(url, parent, () => log, 90_000);
  const children = readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  expect(children).toHaveLength(1);
  pids.push(parent.pid!, children[0]!);
  return { parent, serverPid: children[0]!, url, exited };
}

afterEach(() => {
  for (const pid of pids.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start: the server in a process of its own', () => {
  it('starts the server with the allocator settings, and stops it on SIGTERM with exit 0', async () => {
    const { parent, serverPid, url, exited } = await startNpmStart();
    const cmdline = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(path.resolve('dist/server/server.js'));
    const environ = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(environ).toContain(`${name}=${value}`);
    // The server answers, and it is that process that does.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    parent.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(alive(serverPid)).toBe(false);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it("keeps an operator's own setting", async () => {
    const { parent, serverPid, exited } = await startNpmStart({ MALLOC_ARENA_MAX: '4' });
    const environ = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=4');
    expect(environ).toContain(`MALLOC_MMAP_THRESHOLD_=${SERVER_ENV.MALLOC_MMAP_THRESHOLD_}`);
    parent.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it('stops the server when npm start is killed outright', async () => {
    const { parent, serverPid, url, exited } = await startNpmStart();
    parent.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');
    // The server sees its channel close and shuts down as on SIGTERM (within its 9 s grace).
    await expect.poll(() => alive(serverPid), { timeout: 15_000 }).toBe(false);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
