import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { waitFor } from '../helpers/wait';

const ADMIN = { email: 'crash@abode.test', password: 'crash-password-1' };
const SURVEY = JSON.stringify({ pages: [{ name: 'p1', elements: [{ type: 'text', name: 'city', title: 'Which city?' }] }] });

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

describe('crash safety (SQLite, synchronous=FULL, group commit)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-crash-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged lead through three SIGKILLs in the middle of a burst', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_WRITE_LIMIT: '1000000' };
    server = await startServerProcess(env);
    const login = await json<{ token: string }>(
      await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) }),
    );
    const auth = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/campaign/add`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Crash test', questions: SURVEY, questioncolumns: '' }),
    });
    expect(created.status).toBe(201);
    const campaignId = (await json<{ _id: string }>(created))._id;
    // Only the active campaign takes new e-mails.
    const activated = await fetch(`${server.url}/api/campaign/activate/${campaignId}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ isActivated: true }),
    });
    expect(activated.status).toBe(200);

    const acknowledgedEmails = new Map<string, string>(); // emailID → e-mail
    const acknowledgedResponses = new Set<string>(); // emailIDs whose response got a 2xx

    for (let round = 0; round < 3; round++) {
      const url = server.url;
      let stop = false;
      // 40 visitors at once, each: e-mail, then survey answer, again and again until the crash.
      const visitors = Array.from({ length: 40 }, async (_, v) => {
        for (let i = 0; !stop; i++) {
          const email = `r${round}-v${v}-${i}@crash.test`;
          try {
            const added = await fetch(`${url}/api/email/add`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email, campaignid: campaignId }),
            });
            if (added.status >= 300) continue;
            const { emailID } = await json<{ emailID: string }>(added);
            acknowledgedEmails.set(emailID, email);
            const answered = await fetch(`${url}/api/campaign/response/${campaignId}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ response: { email, emailId: emailID, answer: { city: `City ${i}` } } }),
            });
            if (answered.status < 300) acknowledgedResponses.add(emailID);
          } catch {
            return; // the server died under us: expected
          }
        }
      });
      // Kill in the middle of the burst: once this round has had writes acknowledged (a different
      // number each round, so the kill meets the writers at different points).
      const ackedBefore = acknowledgedEmails.size + acknowledgedResponses.size;
      await waitFor(() => acknowledgedEmails.size + acknowledgedResponses.size >= ackedBefore + 60 + round * 40, 60_000, {
        what: 'acknowledged writes in this round',
      });
      server.child.kill('SIGKILL');
      stop = true;
      await Promise.all(visitors);
      await server.exited;
      server = await startServerProcess(env);
    }

    expect(acknowledgedEmails.size).toBeGreaterThan(50);
    expect(acknowledgedResponses.size).toBeGreaterThan(20);

    // Everything acknowledged is there after the crashes.
    const relogin = await json<{ token: string }>(
      await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) }),
    );
    const staff = { authorization: `Bearer ${relogin.token}` };
    const records = await json<Array<{ _id: string; email: string; isCompleted: boolean }>>(
      await fetch(`${server.url}/api/email/get/${campaignId}`, { headers: staff }),
    );
    const stored = new Map(records.map((r) => [r._id, r]));
    for (const [id, email] of acknowledgedEmails) expect(stored.get(id)?.email, `e-mail record ${id}`).toBe(email);
    for (const id of acknowledgedResponses) expect(stored.get(id)?.isCompleted, `response for ${id}`).toBe(true);
    const answers = await json<Array<{ email: string }>>(await fetch(`${server.url}/api/campaign/answers/${campaignId}`, { headers: staff }));
    const answered = new Set(answers.map((a) => a.email));
    for (const id of acknowledgedResponses) expect(answered.has(acknowledgedEmails.get(id)!), `answer of ${id}`).toBe(true);

    server.child.kill('SIGTERM');
    await server.exited;
    server = undefined;
    const db = new SQLite(path.join(dataDir, 'abode.sqlite'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 120_000);
});
