// Writes src/web/styles/fonts/fullwidth-punctuation.woff2: the full-width punctuation the staff
// catalogues use (today only "？", U+FF1F, in the specification's "Are you sure to delete this
// Record？"), cut from Noto Sans JP (SIL Open Font License 1.1). Neither Inter nor the usual Linux,
// Android or Windows Latin fonts have these glyphs, so without it a phone draws a box or a fallback
// "?". The face is not a dependency (tens of MB): fetch it once with
// `npm pack @fontsource/noto-sans-jp@5.3.0` and run
// `node scripts/fullwidth-font.mjs package/files/noto-sans-jp-116-400-normal.woff2` (the file whose
// unicode-range holds U+FF1F). tests/unit/fullwidth-font.test.ts fails while a catalogue uses a
// full-width character the file lacks.
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

export const FULLWIDTH_FONT = 'src/web/styles/fonts/fullwidth-punctuation.woff2';

/** Every Halfwidth and Fullwidth Forms character (U+FF00–FFEF) the staff catalogues use, once each. */
export async function fullwidthCharacters() {
  const { readdirSync } = await import('node:fs');
  const dir = new URL('../src/shared/i18n/messages/', import.meta.url);
  const chars = new Set();
  for (const file of readdirSync(dir).filter((f) => f.startsWith('staff-en'))) {
    for (const c of readFileSync(new URL(file, dir), 'utf8')) if (/[\uFF00-\uFFEF]/.test(c)) chars.add(c);
  }
  return [...chars].sort().join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = process.argv[2];
  if (!source) throw new Error('usage: node scripts/fullwidth-font.mjs <noto-sans-jp …-400-normal.woff2 holding U+FF1F>');
  const text = await fullwidthCharacters();
  const font = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });
  writeFileSync(FULLWIDTH_FONT, font);
  console.log(`${FULLWIDTH_FONT}: ${font.length} bytes for "${text}"`);
}
