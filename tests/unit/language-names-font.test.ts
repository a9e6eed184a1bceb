import { readFileSync } from 'node:fs';
import fontverter from 'fontverter';
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';

const FONT = 'src/web/styles/fonts/language-names.woff2';

/** The glyph ids HarfBuzz shapes a text into with this font (0 is "no glyph": a box on screen). */
async function glyphsOf(woff2: Uint8Array, text: string): Promise<number[]> {
  const sfnt: Uint8Array = await fontverter.convert(woff2, 'sfnt');
  const font = new Font(new Face(new Blob(sfnt)));
  const buffer = new Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(font, buffer);
  return buffer.getGlyphInfos().map((info) => info.codepoint);
}

describe('the language switch’s own font', () => {
  it('has a glyph for every letter of every language name the switch shows outside Latin, and is small', async () => {
    const woff2 = readFileSync(FONT);
    expect(woff2.length).toBeLessThan(4096);
    const names = [en['language.switchTo'], hi['language.switchTo'] ?? ''].filter((name) => /\p{Script=Devanagari}/u.test(name));
    expect(names).toEqual(['हिन्दी']);
    for (const name of names) {
      const glyphs = await glyphsOf(woff2, name);
      expect(glyphs.length).toBeGreaterThan(0);
      expect(glyphs, name).not.toContain(0);
    }
    // A letter the switch never shows is not in the file (it is a subset, not the whole face).
    expect(await glyphsOf(woff2, 'क')).toEqual([0]);
  });
});
