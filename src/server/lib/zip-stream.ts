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
 * ZIP64 only where it is needed (APPNOTE 4.3.9, 4.5.3, 4.3.14): an entry past 4 GiB gets 8-byte sizes
 * in its data descriptor and a ZIP64 extra field in the central directory, as does an entry that
 * starts past 4 GiB (its offset); an archive whose central directory starts past 4 GiB or holds more
 * than 65,535 entries ends with the ZIP64 end records. Every smaller archive is a plain zip, byte for
 * byte what readers have always taken (Excel included). Local headers never carry a ZIP64 extra
 * field: their sizes are not known when they are written, and readers take the sizes from the
 * central directory (docs/decisions/0004-xlsx-stream-writer.md).
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const VERSION = 20; // 2.0: deflate, data descriptors
const VERSION_ZIP64 = 45; // 4.5: ZIP64
const FLAGS = 0x0008 | 0x0800; // sizes in a data descriptor; names are UTF-8
const DEFLATE = 8;
const MAX_32 = 0xffffffff;
const INPUT_BACKLOG = 2 * 1024 * 1024;

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
  /**
   * @internal Tests only: sizes and offsets above this (and entry counts above `limit16`) take
   * the ZIP64 forms, so they can be checked without writing 4 GiB.
   */
  limits?: { limit32: number; limit16: number };
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
    if (!this.#deflate.write(bytes, consumed && (() => consumed()))) await settled(this.#deflate, 'drain');
  }

  /** Finishes the entry: the rest of the compressed data, then its CRC and sizes. */
  async end(): Promise<void> {
    if (this.zip.closed) return this.destroy();
    this.#deflate.end();
    await this.#ended;
    if (this.zip.closed || this.#failure) return this.destroy();
    const wide = this.zip.exceeds32(this.#compressedSize) || this.zip.exceeds32(this.#size);
    const descriptor = Buffer.alloc(wide ? 24 : 16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(this.#crc >>> 0, 4);
    if (wide) {
      descriptor.writeBigUInt64LE(BigInt(this.#compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(this.#size), 16);
    } else {
      descriptor.writeUInt32LE(this.#compressedSize, 8);
      descriptor.writeUInt32LE(this.#size, 12);
    }
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
  readonly #limit32: number;
  readonly #limit16: number;
  readonly #records: CentralRecord[] = [];
  #offset = 0;
  #current: ZipEntry | undefined;
  #finished = false;

  constructor(out: Writable, options: ZipStreamOptions = {}) {
    this.#out = out;
    this.#level = options.level ?? 6;
    this.#time = dosDateTime(options.date ?? new Date());
    this.#limit32 = options.limits?.limit32 ?? MAX_32;
    this.#limit16 = options.limits?.limit16 ?? 0xffff;
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
      // The ZIP64 extra field holds, in this order, only the values too large for their field.
      const wide = [r.size, r.compressedSize, r.offset].filter((v) => this.exceeds32(v));
      const field32 = (v: number) => (this.exceeds32(v) ? MAX_32 : v);
      const header = Buffer.alloc(46 + r.name.length + (wide.length ? 4 + 8 * wide.length : 0));
      const version = wide.length ? VERSION_ZIP64 : VERSION;
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(version, 4); // made by: MS-DOS attributes
      header.writeUInt16LE(version, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.#time.time, 12);
      header.writeUInt16LE(this.#time.date, 14);
      header.writeUInt32LE(r.crc, 16);
      header.writeUInt32LE(field32(r.compressedSize), 20);
      header.writeUInt32LE(field32(r.size), 24);
      header.writeUInt16LE(r.name.length, 28);
      header.writeUInt16LE(wide.length ? 4 + 8 * wide.length : 0, 30);
      // comment, disk, internal and external attributes (32–41) stay zero.
      header.writeUInt32LE(field32(r.offset), 42);
      r.name.copy(header, 46);
      if (wide.length) {
        let p = 46 + r.name.length;
        header.writeUInt16LE(ZIP64_EXTRA, p);
        header.writeUInt16LE(8 * wide.length, p + 2);
        p += 4;
        for (const v of wide) {
          header.writeBigUInt64LE(BigInt(v), p);
          p += 8;
        }
      }
      this.push(header);
    }
    const size = this.#offset - start;
    const count = this.#records.length;
    const zip64 = count >= this.#limit16 || this.exceeds32(start) || this.exceeds32(size);
    if (zip64) {
      const end64At = this.#offset;
      const end64 = Buffer.alloc(56 + 20);
      end64.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
      end64.writeBigUInt64LE(44n, 4); // the size of the rest of this record
      end64.writeUInt16LE(VERSION_ZIP64, 12);
      end64.writeUInt16LE(VERSION_ZIP64, 14);
      // this disk and the central directory's disk (16–23) stay zero.
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(size), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      end64.writeUInt32LE(ZIP64_END_LOCATOR, 56);
      // the disk with the ZIP64 end record (60–63) stays zero.
      end64.writeBigUInt64LE(BigInt(end64At), 64);
      end64.writeUInt32LE(1, 72); // disks in all
      this.push(end64);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(count >= this.#limit16 ? 0xffff : count, 8);
    end.writeUInt16LE(count >= this.#limit16 ? 0xffff : count, 10);
    end.writeUInt32LE(this.exceeds32(size) ? MAX_32 : size, 12);
    end.writeUInt32LE(this.exceeds32(start) ? MAX_32 : start, 16);
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

  /** @internal True when `value` needs a ZIP64 field (8 bytes) rather than a plain 4-byte one. */
  exceeds32(value: number): boolean {
    return value >= this.#limit32;
  }

  /** @internal */
  entryDone(record: CentralRecord): void {
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
