import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipFileEntry {
  name: string;
  data: Buffer;
  flags: number;
  method: number;
}

/**
 * Reads a whole zip strictly, for tests: the central directory, each local header, the data
 * descriptor after each entry, and the CRC and sizes of every entry are checked against each other.
 */
export function readZip(zip: Buffer): ZipFileEntry[] {
  const eocd = zip.length - 22;
  if (zip.readUInt32LE(eocd) !== 0x06054b50) throw new Error('no end of central directory record (or a comment)');
  const count = zip.readUInt16LE(eocd + 10);
  if (zip.readUInt16LE(eocd + 8) !== count) throw new Error('entry counts disagree');
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdStart = zip.readUInt32LE(eocd + 16);
  if (cdStart + cdSize !== eocd) throw new Error('central directory is not right before its end record');

  const entries: ZipFileEntry[] = [];
  let p = cdStart;
  let expectedOffset = 0;
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`central header ${i} missing`);
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const offset = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;

    if (offset !== expectedOffset) throw new Error(`${name}: entries are not back to back`);
    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`${name}: local header missing`);
    if (zip.readUInt16LE(offset + 6) !== flags || zip.readUInt16LE(offset + 8) !== method) throw new Error(`${name}: headers disagree`);
    const localNameLength = zip.readUInt16LE(offset + 26);
    const localExtraLength = zip.readUInt16LE(offset + 28);
    if (zip.toString('utf8', offset + 30, offset + 30 + localNameLength) !== name) throw new Error(`${name}: names disagree`);
    const dataStart = offset + 30 + localNameLength + localExtraLength;
    const compressed = zip.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? inflateRawSync(compressed) : Buffer.from(compressed);
    if (data.length !== size) throw new Error(`${name}: size ${data.length}, central directory says ${size}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    let end = dataStart + compressedSize;
    if (flags & 0x0008) {
      if (zip.readUInt32LE(end) !== 0x08074b50) throw new Error(`${name}: data descriptor missing`);
      if (zip.readUInt32LE(end + 4) !== crc || zip.readUInt32LE(end + 8) !== compressedSize || zip.readUInt32LE(end + 12) !== size) {
        throw new Error(`${name}: data descriptor disagrees with the central directory`);
      }
      end += 16;
    }
    expectedOffset = end;
    entries.push({ name, data, flags, method });
  }
  if (expectedOffset !== cdStart) throw new Error('bytes between the last entry and the central directory');
  return entries;
}
