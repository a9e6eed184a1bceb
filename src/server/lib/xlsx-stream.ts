import type { Writable } from 'node:stream';
import { offsetAt } from '#shared/followup/working-hours';
import { ZipStream, type ZipEntry } from './zip-stream';

/**
 * A streaming .xlsx (SpreadsheetML) writer for large, plain tables: rows become sheet XML as
 * strings and go straight into a streaming zip, so memory stays flat however many rows there
 * are. It writes only what a data export needs — text, numbers, booleans, dates (with a date or
 * date-and-time format), column widths, a frozen header row — and nothing else (no shared
 * strings, custom styles, formulas or merged cells). See docs/decisions/0004-xlsx-stream-writer.md.
 *
 * Text is always a text cell holding exactly its characters: in an .xlsx a text cell is never a
 * formula. Text that a spreadsheet would take for a formula once someone edits the cell (starting
 * with = + - @, tab or CR) gets the cell style's `quotePrefix`, which keeps it text on editing
 * without showing or storing an apostrophe.
 *
 * Usage: `addSheet`, then `addRow` as often as needed with an `await flush()` every few hundred
 * rows (backpressure), `end()` the sheet, the next sheet, and `finish()`.
 */

/** Text that opens `url` when clicked (an external hyperlink of the sheet). */
export interface XlsxLink {
  text: string;
  url: string;
}

/** An empty cell is null or undefined: no cell is written for it. */
export type XlsxCell = string | number | boolean | Date | XlsxLink | null | undefined;

/** Excel opens at most this many hyperlinks in a sheet; later link cells keep their text only. */
const MAX_LINKS_PER_SHEET = 65_530;

export interface XlsxColumn {
  header: string;
  /** In characters, as Excel counts them. */
  width?: number;
  /**
   * How dates in this column show: `datetime` keeps the time of day and is an instant, written on the
   * workbook's clock (`timeZone`); by default a date shows its time only when it has one.
   */
  dates?: 'date' | 'datetime';
}

export interface XlsxSheetOptions {
  columns: XlsxColumn[];
  /** Keeps the header row in view while scrolling. */
  freezeHeader?: boolean;
}

export interface XlsxWriterOptions {
  creator?: string;
  /** zlib level for the zip (1 is fastest; the default). */
  level?: number;
  /** Creation time of the document properties and the zip entries. */
  date?: Date;
  /**
   * The IANA zone `datetime` cells are written in (an .xlsx date has no zone: it is read as a
   * wall-clock time). Staff read every time on the studio's clock (its time-zone setting); UTC by default.
   */
  timeZone?: string;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
// Cell format indexes in styles.xml (cellXfs): dates (built-in number format 14, a short date),
// text that looks like a formula (quotePrefix), dates with the time of day (number format 164).
const DATE_STYLE = 1;
const QUOTED_TEXT_STYLE = 2;
const DATETIME_STYLE = 3;
const DATETIME_FORMAT = 'dd-mm-yyyy hh:mm';
const FORMULA_LIKE = /^[=+\-@\t\r]/;
const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial day (1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;
const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]]/;

// Control characters XML 1.0 cannot carry are dropped (DEL too, as ExcelJS does), and so are
// U+FFFE and U+FFFF; CR is kept as a reference (a bare CR would be read back as LF); & < > are
// escaped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPES = /[&<>\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]/g;
const escapeChar = (c: string): string => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '\r' ? '&#13;' : '');

export function xmlText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPES, escapeChar) : text;
}

function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's serial date: days since 1899-12-30, the fraction being the time of day (UTC here). */
export function excelDate(date: Date): number {
  return date.getTime() / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

const EDGE_SPACE = /^\s|\s$/;

/**
 * One cell's XML. Text is an inline string (`t="inlineStr"`), a text cell by definition, without a
 * shared-string table (which would hold every distinct text in memory); `"str"` would be a
 * formula's cached result.
 */
function cellXml(ref: string, value: Exclude<XlsxCell, XlsxLink>, dates: XlsxColumn['dates'], clock?: WallClock): string {
  switch (typeof value) {
    case 'string': {
      const style = FORMULA_LIKE.test(value) ? ` s="${QUOTED_TEXT_STYLE}"` : '';
      const space = EDGE_SPACE.test(value) ? ' xml:space="preserve"' : '';
      return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
    }
    case 'number':
      return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : cellXml(ref, String(value), dates, clock);
    case 'boolean':
      return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    default:
      if (value instanceof Date) {
        const time = value.getTime();
        if (Number.isNaN(time)) return '';
        const withTime = dates === 'datetime' || (dates === undefined && time % MS_PER_DAY !== 0);
        const shown = dates === 'datetime' && clock ? new Date(time + clock.offset(value)) : value;
        return `<c r="${ref}" s="${withTime ? DATETIME_STYLE : DATE_STYLE}"><v>${excelDate(shown)}</v></c>`;
      }
      return '';
  }
}

/**
 * A zone's offset from UTC at an instant, in ms, remembered for the quarter hour it falls in: every
 * zone's offset is a whole number of quarter hours and changes only on a quarter hour of UTC, and
 * rows read in order have their times close together.
 */
class WallClock {
  #bucket = Number.NaN;
  #offset = 0;
  constructor(private readonly timeZone: string) {}
  offset(at: Date): number {
    const bucket = Math.floor(at.getTime() / 900_000);
    if (bucket !== this.#bucket) {
      this.#bucket = bucket;
      this.#offset = offsetAt(at, this.timeZone);
    }
    return this.#offset;
  }
}

/** Sheet XML is encoded into buffers of this size as it is built, then handed to the zip. */
const CHUNK = 256 * 1024;
export class XlsxSheet {
  #rows = 0;
  #letters: string[];
  readonly #dates: Array<XlsxColumn['dates']>;
  #ended = false;
  /** The sheet's hyperlinks (cell, address), written after its rows. */
  readonly #links: Array<{ ref: string; url: string }> = [];
  /** Encoded XML not yet handed to the zip: full chunks, then the one being filled. */
  #full: Array<{ buffer: Buffer; used: number }> = [];
  #chunk: Buffer = Buffer.allocUnsafe(CHUNK);
  #used = 0;

  /** @internal Use XlsxWriter.addSheet. */
  constructor(
    private readonly entry: ZipEntry,
    columns: XlsxColumn[],
    freezeHeader: boolean,
    private readonly onEnd: (links: ReadonlyArray<{ url: string }>) => void,
    private readonly clock?: WallClock,
    /**
     * Chunks zlib has finished with, for reuse: a new buffer per chunk would leave tens of MB of
     * garbage outside the JavaScript heap, which V8 collects late. The writer's, so that the next
     * sheet takes the chunks of the one before (docs/decisions/0073-export-memory-at-1m.md).
     */
    private readonly spare: Buffer[] = [],
  ) {
    this.#letters = columns.map((_, i) => columnName(i));
    this.#dates = columns.map((c) => c.dates);
    const view = freezeHeader
      ? '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView>'
      : '<sheetView workbookViewId="0"/>';
    const cols = columns.map((c, i) => (c.width ? `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>` : '')).join('');
    this.#append(
      `${XML_HEADER}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews>${view}</sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
    );
    if (columns.length > 0) this.addRow(columns.map((c) => c.header));
  }

  /** Rows written so far, the header included. */
  get rowCount(): number {
    return this.#rows;
  }

  /** Appends a row (kept, encoded, until the next `flush`). */
  addRow(values: readonly XlsxCell[]): void {
    if (this.#ended) throw new Error('xlsx: the sheet has ended');
    const r = String(++this.#rows);
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      const ref = (this.#letters[i] ??= columnName(i)) + r;
      if (typeof value === 'object' && !(value instanceof Date)) {
        if (this.#links.length < MAX_LINKS_PER_SHEET) this.#links.push({ ref, url: value.url });
        xml += cellXml(ref, value.text, this.#dates[i]);
        continue;
      }
      xml += cellXml(ref, value, this.#dates[i], this.clock);
    }
    this.#append(`${xml}</row>`);
  }

  /** Hands the rows added so far to the zip; resolves when it can take more (or the output is gone). */
  async flush(): Promise<void> {
    this.#seal();
    const chunks = this.#full;
    this.#full = [];
    for (const { buffer, used } of chunks) {
      await this.entry.write(buffer.subarray(0, used), buffer.length === CHUNK ? () => this.spare.push(buffer) : undefined);
    }
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    // Relationship ids rId1… in the order of #links (the sheet's .rels part lists them the same way).
    const links = this.#links.map((link, i) => `<hyperlink ref="${link.ref}" r:id="rId${i + 1}"/>`).join('');
    this.#append(
      `</sheetData>${links ? `<hyperlinks>${links}</hyperlinks>` : ''}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
    );
    await this.flush();
    // The chunk `flush` left empty goes to the next sheet.
    if (this.#chunk.length === CHUNK) this.spare.push(this.#chunk);
    await this.entry.end();
    this.onEnd(this.#links);
  }

  /** UTF-8 straight into the current chunk: cheaper than joining a batch into one long string. */
  #append(xml: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const room = xml.length * 3;
    if (this.#used + room > this.#chunk.length) {
      this.#seal();
      // A row larger than a chunk gets a buffer of its own (not reused).
      if (room > this.#chunk.length) this.#chunk = Buffer.allocUnsafe(room);
    }
    this.#used += this.#chunk.write(xml, this.#used);
  }

  /** The current chunk joins the full ones; the next starts empty. */
  #seal(): void {
    if (this.#used === 0) return;
    this.#full.push({ buffer: this.#chunk, used: this.#used });
    // The one handed over stays with zlib until it has read it: take a spare one, or a new one.
    this.#chunk = this.spare.pop() ?? Buffer.allocUnsafe(CHUNK);
    this.#used = 0;
  }
}

export class XlsxWriter {
  readonly #zip: ZipStream;
  readonly #creator: string;
  readonly #date: Date;
  readonly #clock: WallClock | undefined;
  readonly #sheets: string[] = [];
  /** Each ended sheet's hyperlink addresses, by sheet number. */
  readonly #links = new Map<number, ReadonlyArray<{ url: string }>>();
  #current: XlsxSheet | undefined;
  /** Sheet chunks zlib has finished with, passed from one sheet to the next. */
  readonly #spare: Buffer[] = [];

  constructor(out: Writable, options: XlsxWriterOptions = {}) {
    this.#date = options.date ?? new Date();
    this.#creator = options.creator ?? '';
    this.#clock = options.timeZone ? new WallClock(options.timeZone) : undefined;
    this.#zip = new ZipStream(out, { level: options.level ?? 1, date: this.#date });
  }

  /** True once the output is gone (client left) or finished: stop producing rows. */
  get closed(): boolean {
    return this.#zip.closed;
  }

  /** Starts a sheet (the previous one must have ended); the header row is written from the columns. */
  addSheet(name: string, options: XlsxSheetOptions): XlsxSheet {
    if (this.#current) throw new Error('xlsx: end the previous sheet first');
    if (!name || name.length > 31 || SHEET_NAME_FORBIDDEN.test(name) || name.startsWith("'") || name.endsWith("'")) {
      throw new Error(`xlsx: "${name}" is not a valid sheet name`);
    }
    if (this.#sheets.some((s) => s.toLowerCase() === name.toLowerCase())) throw new Error(`xlsx: a sheet is already named "${name}"`);
    this.#sheets.push(name);
    const n = this.#sheets.length;
    const entry = this.#zip.entry(`xl/worksheets/sheet${n}.xml`);
    this.#current = new XlsxSheet(
      entry,
      options.columns,
      options.freezeHeader ?? false,
      (links) => {
        if (links.length > 0) this.#links.set(n, links);
        this.#current = undefined;
      },
      this.#clock,
      this.#spare,
    );
    return this.#current;
  }

  /** Writes the workbook's other parts and ends the output. */
  async finish(): Promise<void> {
    if (this.#current) throw new Error('xlsx: end the last sheet first');
    if (this.#sheets.length === 0) throw new Error('xlsx: a workbook needs at least one sheet');
    const sheets = this.#sheets.map((name, i) => ({ name, n: i + 1 }));
    const iso = `${this.#date.toISOString().slice(0, 19)}Z`;
    const parts: Array<[string, string]> = [
      [
        '[Content_Types].xml',
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          sheets
            .map(
              (s) =>
                `<Override PartName="/xl/worksheets/sheet${s.n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
          `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
          `</Types>`,
      ],
      [
        '_rels/.rels',
        `<Relationships xmlns="${PKG_REL_NS}">` +
          `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
          `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
          `</Relationships>`,
      ],
      [
        'docProps/core.xml',
        `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
          (this.#creator ? `<dc:creator>${xmlText(this.#creator)}</dc:creator>` : '') +
          `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified>` +
          `</cp:coreProperties>`,
      ],
      [
        'xl/workbook.xml',
        `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
          sheets.map((s) => `<sheet name="${xmlAttr(s.name)}" sheetId="${s.n}" r:id="rId${s.n}"/>`).join('') +
          `</sheets></workbook>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="${PKG_REL_NS}">` +
          sheets.map((s) => `<Relationship Id="rId${s.n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${s.n}.xml"/>`).join('') +
          `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
          `</Relationships>`,
      ],
      [
        'xl/styles.xml',
        `<styleSheet xmlns="${MAIN_NS}">` +
          `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATETIME_FORMAT}"/></numFmts>` +
          `<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
          `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
          `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
          `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
          `<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
          `<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
          `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>` +
          `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
          `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
          `</styleSheet>`,
      ],
    ];
    for (const [n, links] of this.#links) {
      parts.push([
        `xl/worksheets/_rels/sheet${n}.xml.rels`,
        `<Relationships xmlns="${PKG_REL_NS}">` +
          links.map((link, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/hyperlink" Target="${xmlAttr(link.url)}" TargetMode="External"/>`).join('') +
          `</Relationships>`,
      ]);
    }
    for (const [name, xml] of parts) {
      if (this.#zip.closed) return;
      await this.#zip.file(name, XML_HEADER + xml);
    }
    await this.#zip.finish();
  }
}
