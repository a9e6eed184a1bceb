import { describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from '../../src/server/db/checkpointer';
import { createDatabase } from '../../src/server/db/database';
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
      const broken = startCheckpointer(handle.sqlite!, '/nonexistent/folder/abode.sqlite');
      await vi.waitFor(() => expect(handle.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000), { timeout: 5000 });
      await broken.stop();
    } finally {
      await handle.close();
      await other.drop();
    }
  });
});
