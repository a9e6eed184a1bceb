import type { TransformOptions, Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw, type ZlibOptions } from 'node:zlib';

/**
 * A zip archive written front to back into a stream, one entry at a time, each deflated as it
 * is written: the sizes and CRC of an entry follow its data (a "data descriptor"), so nothing is
 * buffered beyond zlib's own window. Deflate runs on libuv's thread pool, so compressing one
 * chunk overlaps with producing the next on the main thread.
 *
 * Backpressure both ways: `write` resolves when zlib and the output can take more. When the
 * output is destroyed (the client went away) every pending and later call resolves at once and
 * does nothing; `closed` tells the producer to stop.
 *
 * Plain zip only (no ZIP64): an entry or archive past 4 GiB, or more than 65,535 entries, fails.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: deflate, data descriptors
const FLAGS = 0x0008 | 0x0800; // sizes in a data descriptor; names are UTF-8
const DEFLATE = 8;
const MAX_32 = 0xffffffff;
const INPUT_BACKLOG = 2 * 1024 * 1024;

export class ZipLimitError extends Error {
  constructor(what: string) {
    super(`zip: ${what} is past what a plain (non-ZIP64) zip can hold`);
    this.name = 'ZipLimitError';
  }
}

interface CentralRecord {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export interface ZipStreamOptions {
  /** zlib level, 1 (fastest) to 9 (smallest). */
  level?: number;
  /** Modification time stamped on every entry. */
  date?: Date;
}

/** DOS date and time (local time, 2-second resolution), as zip stores them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Resolves on `event`, or when the stream closes or fails first (the caller then checks state). */
function settled(stream: NodeJS.EventEmitter, event: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off(event, done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on(event, done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

export class ZipEntry {
  #crc = 0;
  #size = 0;
  #compressedSize = 0;
  readonly #deflate: DeflateRaw;
  readonly #ended: Promise<void>;
  #failure: Error | undefined;

  constructor(
    private readonly zip: ZipStream,
    private readonly record: Omit<CentralRecord, 'crc' | 'compressedSize' | 'size'>,
    level: number,
  ) {
    // Room for a few batches of input: the main thread produces the next while zlib compresses.
    // (zlib passes stream options on to its Transform; @types/node lists only zlib's own.)
    const options: ZlibOptions & TransformOptions = { level, chunkSize: 64 * 1024, writableHighWaterMark: INPUT_BACKLOG };
    this.#deflate = createDeflateRaw(options);
    this.#deflate.on('data', (chunk: Buffer) => {
      this.#compressedSize += chunk.length;
      if (!zip.push(chunk) && !this.#deflate.isPaused()) {
        // The output is full: zlib holds its output (and then takes no more input) until it drains.
        this.#deflate.pause();
        void zip.drained().then(() => this.#deflate.resume());
      }
    });
    this.#deflate.on('error', (error) => {
      this.#failure = error;
      zip.fail(error);
    });
    this.#ended = settled(this.#deflate, 'end');
  }

  /**
   * Adds data to the entry; resolves when it can take more (or the output is gone). `consumed` is
   * called once zlib no longer needs `data`, so the caller may reuse the buffer.
   */
  async write(data: Buffer | string, consumed?: () => void): Promise<void> {
    if (this.zip.closed) return;
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    if (bytes.length === 0) return consumed?.();
    this.#crc = crc32(bytes, this.#crc);
    this.#size += bytes.length;
    if (this.#size > MAX_32) {
      this.zip.fail(new ZipLimitError('an entry'));
      return;
    }
    if (!this.#deflate.write(bytes, consumed && (() => consumed()))) await settled(this.#deflate, 'drain');
  }

  /** Finishes the entry: the rest of the compressed data, then its CRC and sizes. */
  async end(): Promise<void> {
    if (this.zip.closed) return this.destroy();
    this.#deflate.end();
    await this.#ended;
    if (this.zip.closed || this.#failure) return this.destroy();
    if (this.#compressedSize > MAX_32) return this.zip.fail(new ZipLimitError('an entry'));
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(this.#crc >>> 0, 4);
    descriptor.writeUInt32LE(this.#compressedSize, 8);
    descriptor.writeUInt32LE(this.#size, 12);
    this.zip.push(descriptor);
    this.zip.entryDone({ ...this.record, crc: this.#crc >>> 0, compressedSize: this.#compressedSize, size: this.#size });
  }

  /** Frees zlib's memory at once (abandoned or failed entry). */
  destroy(): void {
    this.#deflate.destroy();
  }
}

export class ZipStream {
  readonly #out: Writable;
  readonly #level: number;
  readonly #time: { time: number; date: number };
  readonly #records: CentralRecord[] = [];
  #offset = 0;
  #current: ZipEntry | undefined;
  #finished = false;

  constructor(out: Writable, options: ZipStreamOptions = {}) {
    this.#out = out;
    this.#level = options.level ?? 6;
    this.#time = dosDateTime(options.date ?? new Date());
    // A client that goes away mid-entry: free the entry's zlib stream now, not at the next write.
    out.once('close', () => this.#current?.destroy());
  }

  /** True once the output is destroyed or finished: writing more is pointless. */
  get closed(): boolean {
    return this.#out.destroyed || this.#out.writableEnded;
  }

  /** Starts the next entry; the previous one must have ended. */
  entry(name: string): ZipEntry {
    // Once the output is gone an unfinished entry no longer matters (it was destroyed with it).
    if (this.#current && !this.closed) throw new Error('zip: the previous entry has not ended');
    if (this.#finished) throw new Error('zip: the archive is finished');
    if (this.#records.length >= 0xffff) throw new ZipLimitError('the number of entries');
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.#time.time, 10);
    header.writeUInt16LE(this.#time.date, 12);
    // CRC and sizes (14–25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    const record = { name: nameBytes, offset: this.#offset };
    this.push(header);
    this.push(nameBytes);
    const entry = new ZipEntry(this, record, this.#level);
    this.#current = entry;
    // The output is already gone (its 'close' has passed): free zlib's memory now.
    if (this.closed) entry.destroy();
    return entry;
  }

  /** A whole entry at once. */
  async file(name: string, data: Buffer | string): Promise<void> {
    const entry = this.entry(name);
    await entry.write(data);
    await entry.end();
  }

  /** Writes the central directory and ends the output. */
  async finish(): Promise<void> {
    if (this.closed) return;
    if (this.#current) throw new Error('zip: the last entry has not ended');
    this.#finished = true;
    const start = this.#offset;
    for (const r of this.#records) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.#time.time, 12);
      header.writeUInt16LE(this.#time.date, 14);
      header.writeUInt32LE(r.crc, 16);
      header.writeUInt32LE(r.compressedSize, 20);
      header.writeUInt32LE(r.size, 24);
      header.writeUInt16LE(r.name.length, 28);
      // extra, comment, disk, internal and external attributes (30–41) stay zero.
      header.writeUInt32LE(r.offset, 42);
      this.push(header);
      this.push(r.name);
    }
    const size = this.#offset - start;
    if (this.#offset > MAX_32) return this.fail(new ZipLimitError('the archive'));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.#records.length, 8);
    end.writeUInt16LE(this.#records.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    this.push(end);
    this.#out.end();
    await settled(this.#out, 'finish');
  }

  /** @internal Raw bytes to the output; false when the output wants a pause. */
  push(bytes: Buffer): boolean {
    if (this.closed) return true;
    this.#offset += bytes.length;
    return this.#out.write(bytes);
  }

  /** @internal Resolves when the output has drained (or is gone). */
  drained(): Promise<void> {
    return this.closed || !this.#out.writableNeedDrain ? Promise.resolve() : settled(this.#out, 'drain');
  }

  /** @internal */
  entryDone(record: CentralRecord): void {
    if (this.#offset > MAX_32) return this.fail(new ZipLimitError('the archive'));
    this.#records.push(record);
    this.#current = undefined;
  }

  /** @internal A broken archive must not look complete: the output is destroyed with the error. */
  fail(error: Error): void {
    this.#current?.destroy();
    this.#current = undefined;
    this.#out.destroy(error);
  }
}
