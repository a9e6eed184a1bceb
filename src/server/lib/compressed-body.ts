import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

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
    const accepted = acceptEncoding ?? '';
    if (/\bbr\b/.test(accepted)) {
      this.#br ??= brotliCompressSync(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return { encoding: 'br', body: this.#br };
    }
    if (/\bgzip\b/.test(accepted)) {
      this.#gzip ??= gzipSync(this.identity, { level: 6 });
      return { encoding: 'gzip', body: this.#gzip };
    }
    return { body: this.identity };
  }
}
