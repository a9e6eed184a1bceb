import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

export type ContentCoding = 'br' | 'gzip';

/** Ours, best first: when the client weighs codings equally, brotli (smaller) wins. */
const CODINGS = ['br', 'gzip', 'identity'] as const;

// @types/negotiator omits the `preferred` option that negotiator 1.x takes for ties.
type Encodings = (available: readonly string[], options: { preferred: readonly string[] }) => string[];

/** The coding to send for an Accept-Encoding header, q-values honoured (`br;q=0` refuses brotli). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const [best] = (negotiator.encodings.bind(negotiator) as Encodings)(CODINGS, { preferred: CODINGS });
  // Nothing acceptable (identity;q=0 too): identity anyway, as most servers answer rather than 406.
  return best === 'br' || best === 'gzip' ? best : undefined;
}

/**
 * A response body that is sent many times (a cached page, a public list), with its compressed
 * forms, each made once, on first use.
 */
export class CompressedBody {
  #br?: Buffer;
  #gzip?: Buffer;

  constructor(readonly identity: string | Buffer) {}

  /** The body to send for the request's Accept-Encoding (send `vary: accept-encoding` with it). */
  encode(acceptEncoding: string | undefined): { encoding?: ContentCoding; body: string | Buffer } {
    const coding = negotiateEncoding(acceptEncoding);
    if (coding === 'br') {
      this.#br ??= brotliCompressSync(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return { encoding: 'br', body: this.#br };
    }
    if (coding === 'gzip') {
      this.#gzip ??= gzipSync(this.identity, { level: 6 });
      return { encoding: 'gzip', body: this.#gzip };
    }
    return { body: this.identity };
  }
}
