import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** An HTML page with its compressed forms, each made once on first use (pages are cached). */
export class HtmlDocument {
  private br?: Buffer;
  private gz?: Buffer;

  constructor(readonly html: string) {}

  /** The body to send for the request's Accept-Encoding. */
  encode(acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; body: string | Buffer } {
    const accepted = acceptEncoding ?? '';
    if (/\bbr\b/.test(accepted)) {
      this.br ??= brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return { encoding: 'br', body: this.br };
    }
    if (/\bgzip\b/.test(accepted)) {
      this.gz ??= gzipSync(this.html, { level: 6 });
      return { encoding: 'gzip', body: this.gz };
    }
    return { body: this.html };
  }
}
