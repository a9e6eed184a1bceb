import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailServer } from '../helpers/mail-server';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { waitFor } from '../helpers/wait';

describe('notifications survive a crash (outbox, SQLite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-notify-crash-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the staff e-mail of every acknowledged lead after a SIGKILL right after the burst', async () => {
    const mail = await startMailServer();
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'crash@abode.test',
      ADMIN_PASSWORD: 'crash-password-1',
      PUBLIC_WRITE_LIMIT: '1000000',
      SMTP_URL: mail.url,
      NOTIFY_EMAILS: 'owner@abode.test',
    };
    try {
      server = await startServerProcess(env);
      const acknowledged: string[] = [];
      const url = server.url;
      // 30 visitors at once, 5 messages each; the process is killed as soon as the last is answered,
      // before the dispatcher can have sent them all.
      await Promise.all(
        Array.from({ length: 30 }, async (_, v) => {
          for (let i = 0; i < 5; i++) {
            const lastname = `V${v}M${i}`;
            const res = await fetch(`${url}/api/contactus/add`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                response: { firstname: 'Crash', lastname, email: `${lastname.toLowerCase()}@crash.test`, requestquotation: 'Homes', message: 'Call me' },
              }),
            });
            if (res.status === 201) acknowledged.push(lastname);
          }
        }),
      );
      server.child.kill('SIGKILL');
      await server.exited;
      const before = mail.messages.length;
      expect(acknowledged).toHaveLength(150);
      expect(before, 'some mail must still be owed when the process dies').toBeLessThan(150);

      server = await startServerProcess(env);
      // At least once, and in normal operation once: a message sent just before the kill may come
      // twice, so 150 messages are not yet 150 leads. Waits until every acknowledged lead's is there.
      const expected = acknowledged.map((lastname) => `New lead: Crash ${lastname} — Contact`);
      const arrived = () => new Set(mail.messages.map((m) => m.subject));
      await waitFor(() => expected.every((subject) => arrived().has(subject)), 60_000, { intervalMs: 50, what: 'the e-mail of every acknowledged lead' });
      for (const subject of expected) expect(arrived(), subject).toContain(subject);
      // Nothing else was sent, and no lead's e-mail more than twice.
      expect(arrived().size).toBe(150);
      const counts = new Map<string, number>();
      for (const m of mail.messages) counts.set(String(m.subject), (counts.get(String(m.subject)) ?? 0) + 1);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    } finally {
      server?.child.kill('SIGTERM');
      if (server) await server.exited;
      server = undefined;
      await mail.close();
    }
  }, 120_000);
});
