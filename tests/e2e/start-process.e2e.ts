// `npm start` runs the built server as a process of its own with scripts/server-runtime.mjs's allocator
// settings (decision 0078), passes signals on, and never leaves the server behind. The build
// is there already: the browser tests' global setup made it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNpmStart, type NpmStartProcess } from '../helpers/server-process';
import { SERVER_ENV } from '#scripts/server-runtime.mjs';

const dataDirs: string[] = [];
const pids: number[] = [];

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

/** `npm start` (tests/helpers/server-process.ts), with the pid of the server it started. */
async function startNpm(env: Record<string, string> = {}): Promise<NpmStartProcess & { serverPid: number }> {
  const started = await startNpmStart({ SEED_DEMO: 'false', ...env }, 90_000);
  dataDirs.push(started.dataDir);
  const { pid } = started.child;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  expect(children).toHaveLength(1);
  pids.push(pid!, children[0]!);
  return { ...started, serverPid: children[0]! };
}

afterEach(() => {
  for (const pid of pids.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start: the server in a process of its own', () => {
  it('starts the server with the allocator settings, and stops it on SIGTERM with exit 0', async () => {
    const { child: parent, serverPid, url, exited } = await startNpm();
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
    const { child: parent, serverPid, exited } = await startNpm({ MALLOC_ARENA_MAX: '4' });
    const environ = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=4');
    expect(environ).toContain(`MALLOC_MMAP_THRESHOLD_=${SERVER_ENV.MALLOC_MMAP_THRESHOLD_}`);
    parent.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it('stops the server when npm start is killed outright', async () => {
    const { child: parent, serverPid, url, exited } = await startNpm();
    parent.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');
    // The server sees its channel close and shuts down as on SIGTERM (within its 9 s grace).
    await expect.poll(() => alive(serverPid), { timeout: 15_000 }).toBe(false);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
