import { readFileSync } from 'node:fs';
import fontverter from 'fontverter';
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { staffEn as STAFF_MESSAGES } from '#shared/i18n/messages/staff-en';

const FONT = 'src/web/styles/fonts/fullwidth-punctuation.woff2';

/** The specification's delete prompt, with its full-width question mark (U+FF1F). */
const SPEC_DELETE_PROMPT = 'Are you sure to delete this Record\uFF1F';

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

describe('the delete prompt’s full-width question mark', () => {
  it('is the specification’s text exactly, in every staff catalogue entry that asks it', () => {
    const prompts = Object.entries(STAFF_MESSAGES).filter(([, text]) => /^Are you sure to delete this Record/.test(text));
    expect(prompts.map(([key]) => key).sort()).toEqual(['staff.listings.deleteConfirm', 'staff.settings.webhooks.confirmDelete']);
    for (const [key, text] of prompts) expect(text, key).toBe(SPEC_DELETE_PROMPT);
  });

  it('has a glyph in the staff pages’ fallback font for every full-width character the catalogues use, and the file is small', async () => {
    const woff2 = readFileSync(FONT);
    expect(woff2.length).toBeLessThan(4096);
    const used = [
      ...new Set(
        Object.values(STAFF_MESSAGES)
          .join('')
          .match(/[\uFF00-\uFFEF]/g) ?? [],
      ),
    ];
    expect(used).toContain('\uFF1F');
    for (const c of used) expect(await glyphsOf(woff2, c), `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).not.toContain(0);
  });
});
