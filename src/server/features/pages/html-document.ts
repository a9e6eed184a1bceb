import { CompressedBody } from '#server/lib/compressed-body';

/** An HTML page with its compressed forms, each made once on first use (pages are cached). */
export class HtmlDocument extends CompressedBody {
  constructor(readonly html: string) {
    super(html);
  }
}
