import { describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from '#server/db/checkpointer';
import { createDatabase } from '#server/db/database';
import { useMigratedDatabase } from '../helpers/app';
import { createTestDatabase } from '../helpers/databases';

describe('checkpointer (SQLite): the write-ahead log is copied into the database off the event loop', () => {
  const ctx = useMigratedDatabase('sqlite');

  const write = (n: number, prefix: string) =>
    ctx.database.db
      .insertInto('revokedTokens')
      .values(Array.from({ length: n }, (_, i) => ({ jti: `${prefix}-${i}`, expiresAt: new Date() })))
      .execute();

  it('turns the committing connection’s own checkpoints off', () => {
    expect(ctx.database.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });

  it('copies every committed frame when asked, and on its own within a moment', async () => {
    await write(200, 'asked');
    const result = await ctx.database.checkpointer!.checkpoint();
    expect(result.busy).toBe(0);
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);

    await write(200, 'timer');
    // The worker's timer (every 250 ms) does it without being asked: then nothing is left to copy.
    await vi.waitFor(
      async () => {
        const [state] = ctx.database.sqlite!.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
        expect(state!.checkpointed).toBe(state!.log);
      },
      { timeout: 3000, interval: 300 },
    );
  });

  it('hands checkpoints back to SQLite when its worker cannot work', async () => {
    const other = await createTestDatabase('sqlite');
    const handle = createDatabase(other.config);
    try {
      const errors: unknown[] = [];
      const broken = startCheckpointer(handle.sqlite!, '/nonexistent/folder/abode.sqlite', { log: { error: (obj) => errors.push(obj) } });
      await vi.waitFor(() => expect(handle.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000), { timeout: 5000 });
      expect(errors).toHaveLength(1);
      await broken.stop();
    } finally {
      await handle.close();
      await other.drop();
    }
  });

  it('logs the worker’s error and fails a checkpoint it can no longer answer, instead of hanging', async () => {
    const other = await createTestDatabase('sqlite');
    const handle = createDatabase(other.config);
    const errors: unknown[] = [];
    try {
      const broken = startCheckpointer(handle.sqlite!, '/nonexistent/folder/abode.sqlite', { log: { error: (obj) => errors.push(obj) } });
      await expect(broken.checkpoint()).rejects.toThrow(/checkpoint/i);
      expect(errors).toHaveLength(1);
      expect(String((errors[0] as { err: Error }).err.message)).toMatch(/directory does not exist|unable to open/i);
      await broken.stop();
      await expect(broken.checkpoint()).rejects.toThrow(/stopped/);
    } finally {
      await handle.close();
      await other.drop();
    }
  });

  it('fails checkpoint() after its time limit when the worker does not answer', async () => {
    const other = await createTestDatabase('sqlite');
    const handle = createDatabase(other.config);
    try {
      // A worker that cannot answer: the main connection holds the database in exclusive locking
      // mode, so the worker's checkpoint waits on its busy timeout (5 s).
      await handle.checkpointer!.stop();
      handle.sqlite!.pragma('locking_mode = EXCLUSIVE');
      handle.sqlite!.exec('CREATE TABLE held (x); INSERT INTO held VALUES (1)');
      const errors: unknown[] = [];
      const stuck = startCheckpointer(handle.sqlite!, (other.config as { file: string }).file, { timeoutMs: 200, log: { error: (obj) => errors.push(obj) } });
      await expect(stuck.checkpoint()).rejects.toThrow(/did not answer within 200 ms/);
      expect(errors).toHaveLength(1);
      // Closing the main connection lets go of the lock: the worker's wait ends and it can stop
      // (terminating a worker inside a better-sqlite3 call that is about to throw kills the process).
      handle.sqlite!.close();
      await stuck.stop();
    } finally {
      await handle.close();
      await other.drop();
    }
  });
});
