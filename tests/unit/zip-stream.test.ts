import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { ZipStream } from '#server/lib/zip-stream';
import { readZip } from '../helpers/zip';

/** A sink that keeps what it is given, optionally slowly (a client on a slow line). */
function sink(options: { delayMs?: number; highWaterMark?: number } = {}) {
  const chunks: Buffer[] = [];
  let maxBuffered = 0;
  const out = new Writable({
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      maxBuffered = Math.max(maxBuffered, out.writableLength);
      if (options.delayMs) setTimeout(callback, options.delayMs);
      else callback();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks), maxBuffered: () => maxBuffered };
}

/** Text that compresses like sheet XML does, but not to nothing. */
function xmlLike(rows: number): string {
  let text = '';
  for (let i = 0; i < rows; i++) text += `<row r="${i}"><c r="A${i}" t="str"><v>visitor${i}@example.com ${i * 7919}</v></c></row>`;
  return text;
}

describe('ZipStream', () => {
  it('writes entries that a strict reader accepts, byte for byte', async () => {
    const { out, bytes } = sink();
    const zip = new ZipStream(out, { level: 1 });
    const big = xmlLike(40_000); // a few MB: many chunks in and out of zlib
    const random = randomBytes(300_000); // does not compress: output larger than input
    await zip.file('a.xml', '<a>hello</a>');
    const entry = zip.entry('dir/big.xml');
    for (let i = 0; i < big.length; i += 100_000) await entry.write(big.slice(i, i + 100_000));
    await entry.end();
    await zip.file('empty.txt', '');
    await zip.file('random.bin', random);
    await zip.file('naïve ₹.txt', 'unicode name');
    await zip.finish();

    const entries = readZip(bytes());
    expect(entries.map((e) => e.name)).toEqual(['a.xml', 'dir/big.xml', 'empty.txt', 'random.bin', 'naïve ₹.txt']);
    expect(entries[0]!.data.toString()).toBe('<a>hello</a>');
    expect(entries[1]!.data.toString()).toBe(big);
    expect(entries[2]!.data.length).toBe(0);
    expect(entries[3]!.data.equals(random)).toBe(true);
    expect(entries[4]!.data.toString()).toBe('unicode name');
    // Data descriptors, UTF-8 names, deflate.
    expect(entries.every((e) => e.flags === 0x0808 && e.method === 8)).toBe(true);
  });

  it('an archive with no entries is still a valid zip', async () => {
    const { out, bytes } = sink();
    const zip = new ZipStream(out);
    await zip.finish();
    expect(readZip(bytes())).toEqual([]);
    expect(zip.closed).toBe(true);
  });

  it('waits for a slow output instead of buffering', async () => {
    const { out, bytes, maxBuffered } = sink({ delayMs: 1, highWaterMark: 16 * 1024 });
    const zip = new ZipStream(out, { level: 1 });
    const entry = zip.entry('slow.bin');
    // 2 MB that does not compress, in 64 KB writes: far more than the output's buffer.
    const data = randomBytes(2 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 64 * 1024) await entry.write(data.subarray(i, i + 64 * 1024));
    await entry.end();
    await zip.finish();
    expect(readZip(bytes())[0]!.data.equals(data)).toBe(true);
    // The output never held much more than its high-water mark plus one compressed chunk.
    expect(maxBuffered()).toBeLessThan(256 * 1024);
  });

  it('calls back when zlib is done with a buffer, so it can be reused', async () => {
    const { out, bytes } = sink();
    const zip = new ZipStream(out);
    const entry = zip.entry('reuse.txt');
    const buffer = Buffer.from('first ');
    let consumed = 0;
    await entry.write(buffer, () => consumed++);
    // zlib works on the thread pool: on a busy machine its callback can take longer than any fixed sleep.
    await vi.waitFor(() => expect(consumed).toBe(1), { timeout: 5000, interval: 5 });
    buffer.write('again ');
    await entry.write(buffer, () => consumed++);
    await entry.end();
    await zip.finish();
    expect(consumed).toBe(2);
    expect(readZip(bytes())[0]!.data.toString()).toBe('first again ');
  });

  it('stops quietly when the output is destroyed mid-entry', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const received: Buffer[] = [];
    out.on('data', (chunk: Buffer) => {
      received.push(chunk);
      out.destroy();
    });
    const zip = new ZipStream(out, { level: 1 });
    const entry = zip.entry('gone.bin');
    const data = randomBytes(64 * 1024);
    let writes = 0;
    // Writes resolve (never hang) once the output is gone; the producer sees `closed`.
    while (!zip.closed && writes < 1000) {
      await entry.write(data);
      writes++;
    }
    expect(zip.closed).toBe(true);
    expect(writes).toBeLessThan(1000);
    await entry.write(data);
    await entry.end();
    await zip.finish();
    expect(received.length).toBeGreaterThan(0);
  });

  it('starting an entry after the output has gone creates nothing that lingers', async () => {
    const { out } = sink();
    out.destroy();
    await sleep(1);
    const zip = new ZipStream(out);
    await zip.file('late.txt', 'nobody reads this');
    await zip.file('later.txt', 'nor this');
    await zip.finish();
    expect(zip.closed).toBe(true);
  });

  it('refuses a second entry while one is open', async () => {
    const { out } = sink();
    const zip = new ZipStream(out);
    const entry = zip.entry('one.txt');
    expect(() => zip.entry('two.txt')).toThrow(/previous entry/);
    await expect(zip.finish()).rejects.toThrow(/last entry/);
    await entry.end();
    await zip.finish();
  });

  /**
   * ZIP64 forms, checked by two readers that are not ours (Python's zipfile and Info-ZIP's unzip)
   * with the 4 GiB / 65,535 limits lowered, so that sizes, offsets and the entry count all take them.
   */
  it('takes the ZIP64 forms where a value outgrows its field, and other readers accept them', async () => {
    const { out, bytes } = sink();
    const zip = new ZipStream(out, { level: 1, limits: { limit32: 50_000, limit16: 3 } });
    const big = xmlLike(2_000); // larger than limit32 uncompressed, smaller compressed
    const random = randomBytes(60_000); // larger than limit32 compressed too
    await zip.file('small.xml', '<a>first</a>');
    const entry = zip.entry('xl/worksheets/sheet1.xml');
    await entry.write(big);
    await entry.end();
    await zip.file('random.bin', random);
    await zip.file('after.xml', '<a>starts past the limit</a>'); // its offset takes the ZIP64 field
    await zip.finish();

    const archive = bytes();
    // Entries over the limit carry 8-byte sizes in their data descriptor; the archive ends with the ZIP64 records.
    expect(archive.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThan(0);
    expect(archive.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBeGreaterThan(0);

    const dir = mkdtempSync(path.join(tmpdir(), 'abode-zip64-'));
    try {
      const file = path.join(dir, 'test.zip');
      writeFileSync(file, archive);
      const python = `import zipfile, sys, json, hashlib
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps([[i.filename, i.file_size, i.compress_size, i.header_offset, hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))`;
      const listed = JSON.parse(execFileSync('python3', ['-c', python, file], { encoding: 'utf8' })) as [string, number, number, number, string][];
      const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
      expect(listed.map(([name, size, , , hash]) => [name, size, hash])).toEqual([
        ['small.xml', 12, sha('<a>first</a>')],
        ['xl/worksheets/sheet1.xml', Buffer.byteLength(big), sha(big)],
        ['random.bin', 60_000, sha(random)],
        ['after.xml', 28, sha('<a>starts past the limit</a>')],
      ]);
      expect(listed[3]![3]).toBeGreaterThan(50_000);
      const tested = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(tested).toMatch(/No errors detected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
