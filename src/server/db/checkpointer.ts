import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// The worker's code, as a string so that it runs the same from the esbuild bundle, under tsx and
// under Vitest (none of which can hand a TypeScript file to a worker thread). Plain CommonJS.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const checkpoint = (requested) => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (requested) parentPort.postMessage({ type: 'checkpoint', result });
  } catch (error) {
    parentPort.postMessage({ type: 'error', requested, message: String((error && error.message) || error) });
  }
};
const timer = setInterval(() => checkpoint(false), workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return checkpoint(true);
  if (message === 'stop') {
    clearInterval(timer);
    checkpoint(false);
    db.close();
    parentPort.postMessage({ type: 'stopped' });
  }
});
`;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** Checkpoints now (tests); resolves with SQLite's answer, rejects on the worker's error or after `timeoutMs`. */
  checkpoint(): Promise<CheckpointResult>;
  /** Last checkpoint, final: then the worker's connection closes. */
  stop(): Promise<void>;
  /** Where the worker's errors are logged from now on (the app's logger, once it exists). */
  setLog(log: CheckpointerLog): void;
}

/** The part of a pino logger the checkpointer uses. */
export interface CheckpointerLog {
  error(obj: { err: Error }, msg: string): void;
}

export interface CheckpointerOptions {
  intervalMs?: number;
  /** How long `checkpoint()` waits for the worker's answer. */
  timeoutMs?: number;
  log?: CheckpointerLog;
}

const consoleLog: CheckpointerLog = { error: ({ err }, msg) => console.error(`${msg}: ${err.message}`) };

/**
 * Copies the write-ahead log into the database file from a worker thread, on its own connection.
 *
 * SQLite checkpoints in the connection that commits, by default once the log passes 1000 pages:
 * with better-sqlite3 that is the event loop, blocked while the pages are copied and both files
 * are fsynced (up to 60 ms measured here, against 0.2 ms for a typical batch of leads). The main
 * connection's automatic checkpoints are turned off while this runs; if the worker stops for any
 * reason, they are turned back on, so the log never grows without bound.
 */
export function startCheckpointer(sqlite: SQLite.Database, file: string, options: CheckpointerOptions = {}): Checkpointer {
  const { intervalMs = 250, timeoutMs = 10_000 } = options;
  let log = options.log ?? consoleLog;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');

  let stopping = false;
  let gone: Error | undefined;
  interface Waiter {
    resolve(result: CheckpointResult): void;
    reject(error: Error): void;
  }
  const waiting: Waiter[] = [];
  const failAll = (error: Error) => waiting.splice(0).forEach((w) => w.reject(error));
  const failed = (error: Error, requested: boolean) => {
    log.error({ err: error }, 'WAL checkpoint failed');
    // The worker's own periodic checkpoints answer nobody. Answers to requests come in order: the
    // oldest request is the one that failed.
    if (requested) waiting.shift()?.reject(new Error(`WAL checkpoint failed: ${error.message}`));
  };
  let stopped!: () => void;
  const done = new Promise<void>((resolve) => (stopped = resolve));

  const fallBack = () => {
    // Back to SQLite's own checkpoints (the main connection may already be closed at shutdown).
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
    stopped();
  };
  worker.on('message', (message: { type: string; result?: CheckpointResult; message?: string; requested?: boolean }) => {
    if (message.type === 'checkpoint' && message.result) waiting.shift()?.resolve(message.result);
    if (message.type === 'error') failed(new Error(message.message), message.requested === true);
    if (message.type === 'stopped') stopped();
  });
  worker.on('error', (thrown: unknown) => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    log.error({ err: error }, 'WAL checkpointer stopped');
    gone = new Error(`WAL checkpointer stopped: ${error.message}`);
    failAll(gone);
    fallBack();
  });
  worker.on('exit', () => {
    gone ??= new Error('WAL checkpointer stopped');
    failAll(gone);
    if (!stopping) fallBack();
    stopped();
  });

  return {
    checkpoint: () =>
      new Promise<CheckpointResult>((resolve, reject) => {
        if (gone || stopping) return reject(gone ?? new Error('WAL checkpointer stopped'));
        const timer = setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          const error = new Error(`WAL checkpoint: the worker did not answer within ${timeoutMs} ms`);
          log.error({ err: error }, 'WAL checkpoint failed');
          reject(error);
        }, timeoutMs);
        const waiter: Waiter = {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiting.push(waiter);
        worker.postMessage('checkpoint');
      }),
    setLog: (next) => {
      log = next;
    },
    stop: async () => {
      if (stopping) return done;
      stopping = true;
      worker.postMessage('stop');
      // Longer than the worker's busy timeout (5 s): terminating it inside a better-sqlite3 call that
      // then throws aborts the whole process (V8 "Empty MaybeLocal").
      const timeout = setTimeout(() => void worker.terminate(), 7000);
      await done;
      clearTimeout(timeout);
      await worker.terminate();
    },
  };
}
