import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';

/**
 * A lean reader of an .xlsx's first worksheet (50,000 rows in bounded memory, decision 0037). The zip is
 * in memory already (the upload, ≤ 10 MB): its central directory gives the entries; the shared
 * strings are read first whatever their place in the zip, then the sheet is inflated and scanned
 * chunk by chunk, and each row is handed on as an array of plain values as soon as it is closed.
 * Nothing of a row outlives it but its values: ExcelJS's streaming reader built a Row and Cell
 * objects per cell and left them as garbage (the heap grew by some 150 MB on a 50,000-row sheet).
 *
 * The values are as ExcelJS's streaming reader gave them with styles ignored: a shared or inline
 * string as text, a number (a date stays its Excel serial), a boolean, a formula's cached result,
 * null for an error or an empty cell. The first worksheet is the first `xl/worksheets/sheetN.xml`
 * in the zip, as ExcelJS took it.
 */

export type XlsxValue = string | number | boolean | Date | null;

interface Entry {
  name: string;
  method: number;
  offset: number;
  compressedSize: number;
}

export class NotXlsx extends Error {}

function entries(zip: Buffer): Entry[] {
  // The end of central directory record: within the last 64 KiB + 22 bytes (its comment).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new NotXlsx('no central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const list: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new NotXlsx('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    list.push({ name, method: zip.readUInt16LE(at + 10), compressedSize: zip.readUInt32LE(at + 20), offset: zip.readUInt32LE(at + 42) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return list.sort((a, b) => a.offset - b.offset);
}

/** The bytes of an entry, inflated chunk by chunk. */
async function* entryChunks(zip: Buffer, entry: Entry): AsyncGenerator<Buffer> {
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw new NotXlsx('broken entry');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new NotXlsx('cut entry');
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
    return;
  }
  if (entry.method !== 8) throw new NotXlsx('unknown compression');
  yield* Readable.from([data]).pipe(createInflateRaw({ chunkSize: 64 * 1024 })) as AsyncIterable<Buffer>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[name] ?? all;
  });
}

/** A start or end tag: `/`, its local name (no namespace prefix), its attributes, and `/` when it closes itself. */
const TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** A piece of text longer than this without a tag is no spreadsheet of leads. */
const CARRY_MAX = 8 * 1024 * 1024;

function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!text) return found;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    const name = m[1]!;
    found[name.slice(name.indexOf(':') + 1)] = decodeXml(m[2] ?? m[3] ?? '');
  }
  return found;
}

interface XmlHandler {
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * Scans XML arriving in pieces: tags and the text between them (entities decoded); comments,
 * declarations and CDATA handled. What a piece ends with that is not complete yet is kept for the next.
 */
function xmlScanner(handler: XmlHandler): { write(text: string): void; end(text: string): void } {
  let carry = '';
  const scan = (input: string, last: boolean): string => {
    let at = 0;
    for (;;) {
      const lt = input.indexOf('<', at);
      if (lt < 0) {
        if (last) {
          if (at < input.length) handler.text(decodeXml(input.slice(at)));
          return '';
        }
        return input.slice(at);
      }
      if (lt > at) handler.text(decodeXml(input.slice(at, lt)));
      const next = input[lt + 1];
      if (next === undefined) {
        if (last) throw new NotXlsx('cut tag');
        return input.slice(lt);
      }
      if (next === '?' || next === '!') {
        const cdata = input.startsWith('<![CDATA[', lt);
        const endMark = cdata ? ']]>' : next === '?' ? '?>' : input.startsWith('<!--', lt) ? '-->' : '>';
        const close = input.indexOf(endMark, lt + 2);
        if (close < 0) {
          if (last) throw new NotXlsx('unclosed markup');
          return input.slice(lt);
        }
        if (cdata) handler.text(input.slice(lt + 9, close));
        at = close + endMark.length;
        continue;
      }
      TAG.lastIndex = lt;
      const m = TAG.exec(input);
      if (!m) {
        // Not complete yet (the piece ends inside it), or broken: a `>` outside quotes says broken.
        if (last || /^<[^"'>]*>/.test(input.slice(lt, lt + 4096))) throw new NotXlsx('malformed tag');
        if (input.length - lt > CARRY_MAX) throw new NotXlsx('tag too long');
        return input.slice(lt);
      }
      if (m[1]) handler.close(m[2]!);
      else {
        handler.open(m[2]!, m[3]!, m[4] === '/');
        if (m[4] === '/') handler.close(m[2]!);
      }
      at = TAG.lastIndex;
    }
  };
  return {
    write(text) {
      carry = scan(carry + text, false);
      if (carry.length > CARRY_MAX) throw new NotXlsx('text too long');
    },
    end(text) {
      carry = scan(carry + text, true);
    },
  };
}

async function readSharedStrings(zip: Buffer, entry: Entry): Promise<string[]> {
  const strings: string[] = [];
  let text = '';
  let inT = false;
  let inPhonetic = false;
  const scanner = xmlScanner({
    open(name) {
      if (name === 'si') text = '';
      else if (name === 't' && !inPhonetic) inT = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') strings.push(text);
    },
    text(t) {
      if (inT) text += t;
    },
  });
  const decoder = new StringDecoder('utf8');
  for await (const chunk of entryChunks(zip, entry)) scanner.write(decoder.write(chunk));
  scanner.end(decoder.end());
  return strings;
}

function columnOf(ref: string | undefined): number | null {
  if (!ref) return null;
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col > 0 ? col : null;
}

function numberOf(text: string): number | null {
  if (text.trim() === '') return null;
  const n = parseFloat(text);
  return Number.isNaN(n) ? null : n;
}

/** An ISO date cell (t="d"), read as the wall time it writes (like a date-formatted cell). */
function isoDateOf(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
}

/**
 * The rows of the first worksheet, in order: each row's number (its `r`, or the one after the last)
 * and its values by column (index 0 is column A; trailing empty cells left off). Throws when the
 * bytes are no readable zip or the sheet's XML is broken; a zip without a worksheet has no rows.
 */
export async function* readXlsxRows(zip: Buffer): AsyncGenerator<{ row: number; values: XlsxValue[] }> {
  let list: Entry[];
  try {
    list = entries(zip);
  } catch (error) {
    if (error instanceof RangeError) throw new NotXlsx('broken zip');
    throw error;
  }
  const sheet = list.find((e) => /^xl\/worksheets\/sheet\d+\.xml$/i.test(e.name));
  if (!sheet) return;
  const stringsEntry = list.find((e) => e.name.toLowerCase() === 'xl/sharedstrings.xml');
  const strings = stringsEntry ? await readSharedStrings(zip, stringsEntry) : [];

  const ready: Array<{ row: number; values: XlsxValue[] }> = [];
  let done = false;
  let inData = false;
  let rowNumber = 0;
  let values: XlsxValue[] | null = null;
  let col = 0;
  let type = '';
  let hasFormula = false;
  let v: string | null = null;
  let inline: string | null = null;
  let capture: 'v' | 't' | null = null;
  let inPhonetic = false;
  const cellValue = (): XlsxValue => {
    if (hasFormula) {
      if (v === null || type === 'e') return null;
      return type === 'str' ? v : numberOf(v);
    }
    switch (type) {
      case 's':
        return v === null ? null : (strings[parseInt(v, 10)] ?? null);
      case 'inlineStr':
        return inline ?? v;
      case 'str':
        return v;
      case 'e':
        return null;
      case 'b':
        return v === null ? null : parseInt(v, 10) !== 0;
      case 'd':
        return v === null ? null : isoDateOf(v);
      default:
        return v === null ? null : numberOf(v);
    }
  };
  const handler: XmlHandler = {
    open(name, attrs) {
      if (name === 'sheetData') inData = true;
      else if (!inData) return;
      else if (name === 'row') {
        const r = parseInt(attributes(attrs).r ?? '', 10);
        rowNumber = Number.isNaN(r) ? rowNumber + 1 : r;
        values = [];
        col = 0;
      } else if (name === 'c' && values) {
        const a = attributes(attrs);
        col = columnOf(a.r) ?? col + 1;
        type = a.t ?? '';
        hasFormula = false;
        v = null;
        inline = null;
        capture = null;
      } else if (name === 'v') {
        capture = 'v';
        v = '';
      } else if (name === 'f') hasFormula = true;
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) {
        capture = 't';
        inline ??= '';
      }
    },
    close(name) {
      if (!inData) return;
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && values) {
        const value = cellValue();
        if (value !== null) {
          while (values.length < col - 1) values.push(null);
          values[col - 1] = value;
        }
      } else if (name === 'row' && values) {
        ready.push({ row: rowNumber, values });
        values = null;
      } else if (name === 'sheetData') {
        inData = false;
        done = true;
      }
    },
    text(t) {
      if (capture === 'v') v += t;
      else if (capture === 't') inline += t;
    },
  };
  // Each piece of the sheet is scanned as it is inflated; the rows it closed are handed on before the next.
  const scanner = xmlScanner(handler);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of entryChunks(zip, sheet)) {
    scanner.write(decoder.write(chunk));
    for (let i = 0; i < ready.length; i++) yield ready[i]!;
    ready.length = 0;
    if (done) return;
  }
  scanner.end(decoder.end());
  for (const r of ready) yield r;
}
